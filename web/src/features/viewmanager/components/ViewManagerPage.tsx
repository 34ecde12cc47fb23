import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Card, Page } from '../../../components/Page.tsx';
import { ViewManager } from './ViewManager.tsx';

/** `/viewmanager/{communityId}`: the community's views. */
export const ViewManagerPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  return (
    <Page title={t('canvas.panels.viewManager')}>
      <Card>
        <ViewManager communityId={communityId} />
      </Card>
    </Page>
  );
};
