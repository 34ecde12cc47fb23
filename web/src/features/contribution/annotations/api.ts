import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Annotation, CreateAnnotationBody, UpdateAnnotationBody } from '../../../../../contracts/api/annotations.ts';
import { api } from '../../../lib/api.ts';

export type { Annotation };

const enc = encodeURIComponent;

/** The annotation routes (issue 6, item 8). */
export const annotationUrls = {
  list: (noteId: string) => `/api/objects/${enc(noteId)}/annotations`,
  create: (communityId: string, noteId: string) => `/api/objects/${enc(communityId)}/${enc(noteId)}/annotations`,
  one: (annotationId: string) => `/api/annotations/${enc(annotationId)}`,
} as const;

/** One query key per note (under the object's own key, so invalidating the object refreshes them too). */
export const annotationsKey = (noteId: string) => ['objects', noteId, 'annotations'] as const;

export const useAnnotations = (noteId: string, enabled: boolean) =>
  useQuery({
    queryKey: annotationsKey(noteId),
    queryFn: () => api.request<Annotation[]>(annotationUrls.list(noteId)),
    enabled,
    retry: false,
  });

const useRefresh = (noteId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: annotationsKey(noteId), exact: true });
};

export const useCreateAnnotation = (communityId: string, noteId: string) => {
  const refresh = useRefresh(noteId);
  return useMutation({
    mutationFn: (body: CreateAnnotationBody) =>
      api.request<Annotation>(annotationUrls.create(communityId, noteId), { method: 'POST', body }),
    onSuccess: refresh,
  });
};

export const useUpdateAnnotation = (noteId: string) => {
  const refresh = useRefresh(noteId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAnnotationBody }) =>
      api.request<Annotation>(annotationUrls.one(id), { method: 'PUT', body }),
    onSuccess: refresh,
  });
};

export const useDeleteAnnotation = (noteId: string) => {
  const refresh = useRefresh(noteId);
  return useMutation({
    mutationFn: (id: string) => api.request<unknown>(annotationUrls.one(id), { method: 'DELETE' }),
    onSuccess: refresh,
  });
};
