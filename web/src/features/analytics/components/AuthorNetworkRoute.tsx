import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useViewCommunity } from '../api/pages.ts';
import { AuthorNetworkPage } from './AuthorNetworkPage.tsx';

/**
 * `/authornetwork/{id}`: Buildon's `/authornetwork/{communityId}?view=`, and
 * the original's `/authornetwork/{viewId}` (issue 12 §4), which opens the
 * view's community with that view chosen.
 */
export const AuthorNetworkRoute = () => {
  const { t } = useTranslation();
  const { communityId: id = '' } = useParams();
  const { resolved, communityId } = useViewCommunity(id);
  if (!resolved) return <p role="status">{t('common.loading')}</p>;
  if (communityId) return <Navigate to={`/authornetwork/${communityId}?view=${id}`} replace />;
  return <AuthorNetworkPage />;
};
