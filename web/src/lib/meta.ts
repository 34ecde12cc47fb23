import { useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { ChangeLogReply, VersionReply } from '../../../contracts/api/meta.ts';
import { api } from './api.ts';

export type Version = Static<typeof VersionReply>;
export type ChangeLog = Static<typeof ChangeLogReply>;

export const versionQueryKey = ['meta', 'version'] as const;
export const changeLogQueryKey = ['meta', 'changeLog'] as const;

/** GET /api/version: the release, its Knowledge Forum compatibility and the storage in use. */
export const useVersion = () =>
  useQuery({ queryKey: versionQueryKey, queryFn: () => api.request<Version>('/api/version'), staleTime: Infinity });

/** GET /api/changeLog: what's new for users, newest first, in `language` (French when not written in it). */
export const useChangeLog = (enabled: boolean, language: string) =>
  useQuery({
    queryKey: [...changeLogQueryKey, language],
    queryFn: () => api.request<ChangeLog>(`/api/changeLog?lang=${encodeURIComponent(language)}`),
    staleTime: Infinity,
    enabled,
  });
