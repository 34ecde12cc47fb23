import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../../components/Page.tsx';
import { useHistorical } from '../api/objects.ts';
import { HistoricalTable } from '../tabs/HistoricalTable.tsx';

/** /historicalobject/{id}: one earlier version of an object, its type and key/value rows. */
export const HistoricalObjectPage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const version = useHistorical(id);
  return (
    <Page title={t('contribution.history.pageTitle')}>
      <div data-testid="historical-page">
        {version.isPending && <p>{t('contribution.loading')}</p>}
        {version.isError && <p role="alert">{`${t('contribution.spec.error')}: ${version.error.message}`}</p>}
        {version.data && <HistoricalTable version={version.data} />}
      </div>
    </Page>
  );
};
