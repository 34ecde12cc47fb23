import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClearSession } from '../../../lib/session.ts';

/** /logout: forgets the session and goes home. */
export const LogoutPage = () => {
  const { t } = useTranslation();
  const clearSession = useClearSession();
  const navigate = useNavigate();
  useEffect(() => {
    clearSession();
    void navigate('/', { replace: true });
  }, [clearSession, navigate]);
  return <p role="status">{t('auth.loggingOut')}</p>;
};
