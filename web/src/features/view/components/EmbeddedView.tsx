import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { useViewCanvas } from '../api/canvas.ts';
import { useWindows } from '../windows/useWindows.ts';
import type { ViewSlots } from './slots.ts';
import styles from './View.module.css';
import { ViewScreen } from './ViewScreen.tsx';

/**
 * A view inside a view window (issue 22 §8): the same screen as the page's,
 * reduced, reading the page's query cache and socket. A view link followed
 * in it shows its view in the same window.
 */
export const EmbeddedView = ({
  viewId,
  windowId,
  isAdmin,
  slots,
}: {
  viewId: string;
  windowId: string;
  isAdmin: boolean;
  slots: ViewSlots;
}) => {
  const { t } = useTranslation();
  const canvas = useViewCanvas(viewId);
  const { retarget } = useWindows();
  if (canvas.isError) {
    return (
      <div data-window-focus="heading">
        <Alert tone="error" testId="view-error">
          {serverMessage(canvas.error) ?? t('common.genericError')}
        </Alert>
      </div>
    );
  }
  if (!canvas.data) {
    return (
      <p className={styles.status} role="status">
        {t('view.loading')}
      </p>
    );
  }
  return (
    <ViewScreen
      key={viewId}
      data={canvas.data}
      reduced
      isAdmin={isAdmin}
      slots={slots}
      embedded={{ openView: (id, title) => retarget(windowId, id, title) }}
    />
  );
};
