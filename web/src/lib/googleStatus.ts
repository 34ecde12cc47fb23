import { useQuery } from '@tanstack/react-query';
import type { GoogleStatusReply } from '../../../contracts/api/google.ts';
import { api } from './api.ts';

/**
 * Google on this server (issue 18 §6): `configured` (BUILDON_GOOGLE_CLIENT_ID set) and `data`
 * (the caller has authorised Buildon). One query, shared by the settings page, the note's
 * Google Docs buttons and the canvas's Drive import.
 */
export const useGoogleStatus = (enabled = true) =>
  useQuery({
    queryKey: ['google', 'status'],
    queryFn: () => api.request<GoogleStatusReply>('/auth/googleOAuth/checkStatus', { method: 'POST', body: {} }),
    enabled,
    retry: false,
  });
