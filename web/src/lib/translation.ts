import { useQuery } from '@tanstack/react-query';
import type { TranslateStatusReply } from '../../../contracts/api/translate.ts';
import { api } from './api.ts';

/**
 * Whether this server translates notes (GET /api/translate/status, issue 18 §4): the
 * contribution window's translation buttons and the settings page's translation plugins
 * show only then. False while unknown or when the call fails.
 */
export const useTranslationConfigured = (): boolean =>
  useQuery({
    queryKey: ['translate', 'status'],
    queryFn: () => api.request<TranslateStatusReply>('/api/translate/status'),
    retry: false,
    staleTime: 5 * 60_000,
  }).data?.configured === true;
