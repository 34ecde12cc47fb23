import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { AuditReply } from '../../../../../contracts/api/audit.ts';
import { api } from '../../../lib/api.ts';
import { fetchTextFile } from '../../../lib/download.ts';

export type AuditPage = Static<typeof AuditReply>;
export type AuditEntry = AuditPage['entries'][number];

/** The filters the server's audit route takes (issue 17 §3); empty ones are left out. */
export type AuditFilters = { action: string; actor: string; actorName: string; from: string; to: string };

export const noAuditFilters: AuditFilters = { action: '', actor: '', actorName: '', from: '', to: '' };

/** The audit trail shows this many entries a page. */
export const auditPageSize = 25;

/**
 * A calendar day of the date inputs as the instant the server compares: the
 * start of `from`'s day and the end of `to`'s day, in the browser's time zone.
 */
const dayBound = (day: string, end: boolean): string | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const instant = end ? new Date(year, month, date, 23, 59, 59, 999) : new Date(year, month, date, 0, 0, 0, 0);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
};

/** The query string of the filters (the page list and the CSV use the same one). */
export const auditSearch = (filters: AuditFilters, page?: number): string => {
  const params = new URLSearchParams();
  if (filters.action) params.set('action', filters.action);
  if (filters.actor) params.set('actor', filters.actor);
  const from = dayBound(filters.from, false);
  const to = dayBound(filters.to, true);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (page !== undefined) {
    params.set('page', String(page));
    params.set('pageSize', String(auditPageSize));
  }
  return params.toString();
};

/** GET /api/admin/audit: one page of the trail, newest first (admins only: 403 otherwise). */
export const useAuditPage = (filters: AuditFilters, page: number) =>
  useQuery({
    queryKey: ['admin', 'audit', auditSearch(filters, page)],
    queryFn: () => api.request<AuditPage>(`/api/admin/audit?${auditSearch(filters, page)}`),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** GET /api/admin/audit.csv with the same filters, fetched with the token and saved by the browser. */
export const useAuditCsv = () =>
  useMutation({
    mutationFn: async (filters: AuditFilters) => {
      const query = auditSearch(filters);
      return fetchTextFile(`/api/admin/audit.csv${query ? `?${query}` : ''}`);
    },
  });

/** DELETE /api/admin/users/{id}/sessions: an admin ends every session of a user. */
export const useEndUserSessions = () =>
  useMutation({
    mutationFn: (userId: string) => api.request<null>(`/api/admin/users/${encodeURIComponent(userId)}/sessions`, { method: 'DELETE' }),
  });
