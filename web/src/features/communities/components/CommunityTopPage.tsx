import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { buttonClass } from '../../../components/Button.tsx';
import { Page, useDocumentTitle } from '../../../components/Page.tsx';
import { useCommunityViews } from '../../../lib/community.ts';
import { oldestView } from '../api/communities.ts';
import { serverMessage } from '../../../components/serverMessage.ts';
import styles from './Communities.module.css';
import { messageText } from '../../../lib/messages.ts';

/**
 * `/communitytop/{communityId}`: a loading placeholder, then the oldest view by
 * created date; 'view not found.' (alert) and back to `/` when there is none.
 * A refusal (archived, blocked, not a member) shows the server's message.
 */
export const CommunityTopPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const navigate = useNavigate();
  const views = useCommunityViews(communityId);
  const done = useRef(false);
  useDocumentTitle(t('communities.opening'));

  useEffect(() => {
    if (!views.data || done.current) return;
    done.current = true;
    const view = oldestView(views.data);
    if (view) {
      void navigate(`/view/${view._id}`, { replace: true });
    } else {
      window.alert(messageText('community.viewNotFound'));
      void navigate('/', { replace: true });
    }
  }, [views.data, navigate]);

  if (views.isError) {
    return (
      <Page title={t('communities.cannotEnter')}>
        <Alert tone="error" testId="communitytop-error">
          {serverMessage(views.error) ?? t('common.genericError')}
        </Alert>
        <p>
          <Link className={buttonClass('secondary')} to="/">
            {t('common.backHome')}
          </Link>
        </p>
      </Page>
    );
  }

  return (
    <div className={styles.loading} role="status" data-testid="communitytop-loading">
      <LoaderCircle className={styles.spinner} size={32} aria-hidden="true" />
      <p>{t('communities.opening')}</p>
    </div>
  );
};
