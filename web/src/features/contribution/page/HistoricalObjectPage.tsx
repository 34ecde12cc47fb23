import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../../components/Page.tsx';
import { HistoryVersion } from '../tabs/HistoryVersion.tsx';

/** /historicalobject/{id}: one earlier version of a contribution as it looked, and what changed (issue 21 §7); a link's version as key/value rows. */
export const HistoricalObjectPage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <Page title={t('contribution.history.pageTitle')}>
      <div data-testid="historical-page">
        <HistoryVersion id={id} />
      </div>
    </Page>
  );
};
