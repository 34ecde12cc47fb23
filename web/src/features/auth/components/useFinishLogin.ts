import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../lib/api.ts';
import { useSetSession } from '../../../lib/session.ts';
import { rememberProviderSession } from '../providerSession.ts';

/** Stores the token (and whether the OpenID provider gave it) and goes back to `?redirect=` (or home). */
export const useFinishLogin = () => {
  const setSession = useSetSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  return useCallback(
    (token: string, fromProvider = false) => {
      rememberProviderSession(fromProvider);
      setSession(token);
      void navigate(redirect, { replace: true });
    },
    [setSession, navigate, redirect],
  );
};

/** Keeps `?redirect=` on links between the login pages. */
export const useWithRedirect = () => {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return useCallback(
    (path: string) => (redirect ? `${path}?redirect=${encodeURIComponent(redirect).replace(/%2F/gi, '/')}` : path),
    [redirect],
  );
};
