import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../components/Page.tsx';
import { ContributionPane } from '../window/ContributionPane.tsx';
import styles from './Page.module.css';

/**
 * /contribution/{contributionId} and /contribution/{contributionId}/{contextId}:
 * the contribution window as a page. Leaving with unsaved changes asks first
 * (in-app navigation here, closing or reloading the tab in the pane).
 */
export const ContributionPage = () => {
  const { t } = useTranslation();
  const { contributionId = '', contextId } = useParams();
  const navigate = useNavigate();
  const [dirty, setDirtyState] = useState(false);
  const dirtyNow = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    dirtyNow.current = value;
    setDirtyState(value);
  }, []);
  useDocumentTitle(t('contribution.pageTitle'));
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => (dirty || dirtyNow.current) && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('contribution.leaveConfirm'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);
  const onClose = useCallback(() => {
    setDirty(false);
    window.setTimeout(() => {
      if (contextId) void navigate(`/view/${contextId}`);
      else if (window.history.length > 1) void navigate(-1);
      else void navigate('/');
    }, 0);
  }, [contextId, navigate, setDirty]);
  return (
    <div className={styles.page}>
      <ContributionPane
        key={contributionId}
        contributionId={contributionId}
        contextId={contextId ?? null}
        onClose={onClose}
        onDirtyChange={setDirty}
        onOpen={(id) => void navigate(`/contribution/${id}${contextId ? `/${contextId}` : ''}`)}
        headingLevel={1}
      />
    </div>
  );
};
