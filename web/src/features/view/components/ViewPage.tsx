import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { buttonClass } from '../../../components/Button.tsx';
import { Page, useDocumentTitle } from '../../../components/Page.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { useViewCanvas } from '../api/canvas.ts';
import { viewTitleOf } from '../canvas/model.ts';
import styles from './View.module.css';
import { ViewWindows } from '../windows/ViewWindows.tsx';
import type { ViewSlots } from './slots.ts';
import { ViewScreen } from './ViewScreen.tsx';

/**
 * `/view/{viewId}` and `/view/{viewId}/{menuStatus}`: the canvas screen, drawn
 * from one request. With a menuStatus (rise-above notes embed their inner view
 * as `view/{id}/X`) the toolbar and panels are left out. The note and view
 * windows opened from it are drawn once, above it (ViewWindows).
 */
export const ViewPage = ({ isAdmin, slots }: { isAdmin: boolean; slots: ViewSlots }) => {
  const { t } = useTranslation();
  const { viewId = '', menuStatus } = useParams();
  const canvas = useViewCanvas(viewId);
  // Notes holding promising ideas come marked by the server (`_to.promising`, issue 14 §3), live pushes too.
  const data = canvas.data;
  useDocumentTitle(canvas.data ? viewTitleOf(canvas.data) : t('view.loading'));

  if (canvas.isError) {
    return (
      <Page title={t('view.cannotOpen')}>
        <Alert tone="error" testId="view-error">
          {serverMessage(canvas.error) ?? t('common.genericError')}
        </Alert>
        <p>
          <Link className={buttonClass('secondary')} to="/">
            {t('common.backHome')}
          </Link>
        </p>
      </Page>
    );
  }
  if (!data) {
    return (
      <p className={styles.status} role="status">
        {t('view.loading')}
      </p>
    );
  }
  return (
    <>
      <ViewScreen key={viewId} data={data} reduced={menuStatus !== undefined} isAdmin={isAdmin} slots={slots} />
      <ViewWindows viewId={viewId} isAdmin={isAdmin} slots={slots} />
    </>
  );
};
