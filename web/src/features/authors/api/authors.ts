import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { Author, CsvRenameReply, CsvSubmitReply, CsvValidateReply } from '../../../../../contracts/api/communities.ts';
import { api } from '../../../lib/api.ts';
import { resourceKeys } from '../../../lib/community.ts';
import type { MessageReply } from '../../../../../contracts/messageCodes.ts';

export type CsvValidation = Static<typeof CsvValidateReply>;
export type CsvSubmission = Static<typeof CsvSubmitReply>;
export type CsvRenaming = Static<typeof CsvRenameReply>;

/** Author search page size (spec §9). */
export const authorPageSize = 50;

const enc = encodeURIComponent;
const authorsKey = resourceKeys.communityAuthors;
const query = (filter: string) => (filter ? { filter } : {});

/** GET /api/authors/{id}/managers. */
export const useManagers = (communityId: string) =>
  useQuery({
    queryKey: [...authorsKey(communityId), 'managers'] as const,
    queryFn: () => api.request<Author[]>(`/api/authors/${enc(communityId)}/managers`),
  });

export const fetchWriters = (communityId: string, filter: string, page: number) =>
  api.request<Author[]>(`/api/authors/search/writer/${enc(communityId)}`, {
    method: 'POST',
    body: { query: query(filter), pagesize: authorPageSize, page },
  });

export const fetchWriterCount = (communityId: string, filter: string) =>
  api.request<{ count: number }>(`/api/authors/search/count/${enc(communityId)}`, {
    method: 'POST',
    body: { query: query(filter) },
  });

/** POST /api/authors/search/writer/{id}: one page of 50 writers, by userName. */
export const useWriterSearch = (communityId: string, filter: string, page: number) =>
  useQuery({
    queryKey: [...authorsKey(communityId), 'writers', { filter, page }] as const,
    queryFn: () => fetchWriters(communityId, filter, page),
    placeholderData: keepPreviousData,
  });

/** POST /api/authors/search/count/{id}: how many writers match. */
export const useWriterCount = (communityId: string, filter: string) =>
  useQuery({
    queryKey: [...authorsKey(communityId), 'writers', 'count', { filter }] as const,
    queryFn: () => fetchWriterCount(communityId, filter),
    placeholderData: keepPreviousData,
  });

/** Every writer (page after page), for the CSV download. */
export const fetchAllWriters = async (communityId: string): Promise<Author[]> => {
  const all: Author[] = [];
  for (let page = 1; ; page++) {
    const batch = await fetchWriters(communityId, '', page);
    all.push(...batch);
    if (batch.length < authorPageSize) return all;
  }
};

const useInvalidateAuthors = (communityId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: authorsKey(communityId) });
};

/** PUT /api/authors/{id}/{authorId}/role: promote to manager or demote to writer. */
export const useChangeRole = (communityId: string) => {
  const invalidate = useInvalidateAuthors(communityId);
  return useMutation({
    mutationFn: ({ authorId, role }: { authorId: string; role: 'manager' | 'researcher' | 'writer' }) =>
      api.request<Author>(`/api/authors/${enc(communityId)}/${enc(authorId)}/role`, { method: 'PUT', body: { role } }),
    onSuccess: invalidate,
  });
};

/** PUT /api/authors/{id}/{authorId}/password: 'succeeded.' or the refusal. */
export const useAuthorPassword = (communityId: string) =>
  useMutation({
    mutationFn: ({ authorId, password }: { authorId: string; password: string }) =>
      api.request<MessageReply>(`/api/authors/${enc(communityId)}/${enc(authorId)}/password`, {
        method: 'PUT',
        body: { password },
      }),
  });

/** POST /api/communities/{id}/blockWriters after typing the registration key. */
export const useBlockWriters = (communityId: string) => {
  const invalidate = useInvalidateAuthors(communityId);
  return useMutation({
    mutationFn: (body: { registrationKey: string; block: boolean }) =>
      api.request<{ modified: number }>(`/api/communities/${enc(communityId)}/blockWriters`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
};

/** POST /api/users/renameAllUser/{id}: inline rename, keyed by author id. */
export const useRenameAll = (communityId: string) => {
  const invalidate = useInvalidateAuthors(communityId);
  return useMutation({
    mutationFn: (userData: Record<string, { FirstName: string; LastName: string }>) =>
      api.request<{ recordsModified: number }>(`/api/users/renameAllUser/${enc(communityId)}`, {
        method: 'POST',
        body: { userData },
      }),
    onSuccess: invalidate,
  });
};

/**
 * A multipart upload (field `communityId` first, then `file`) through the
 * api client: same bearer token, error shape and Idempotency-Key (issue 22 §5).
 */
export const uploadCsv = <T>(path: string, communityId: string, file: File): Promise<T> => {
  const form = new FormData();
  form.append('communityId', communityId);
  form.append('file', file, file.name);
  return api.request<T>(path, { method: 'POST', body: form });
};

/** POST /api/users/validate: the per-row check. */
export const useCsvValidate = (communityId: string) =>
  useMutation({ mutationFn: (file: File) => uploadCsv<CsvValidation>('/api/users/validate', communityId, file) });

/** POST /api/users/users: create new users and enrol existing ones as writers. */
export const useCsvSubmit = (communityId: string) => {
  const invalidate = useInvalidateAuthors(communityId);
  return useMutation({
    mutationFn: (file: File) => uploadCsv<CsvSubmission>('/api/users/users', communityId, file),
    onSuccess: invalidate,
  });
};

/** POST /api/users/rename: firstName,lastName,userName rows. */
export const useCsvRename = (communityId: string) => {
  const invalidate = useInvalidateAuthors(communityId);
  return useMutation({
    mutationFn: (file: File) => uploadCsv<CsvRenaming>('/api/users/rename', communityId, file),
    onSuccess: invalidate,
  });
};
