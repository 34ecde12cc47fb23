import { useQuery } from '@tanstack/react-query';
import type { CreateContributionReply } from '../../../../../contracts/api/canvas.ts';
import type { FromTemplateBody, Template } from '../../../../../contracts/api/templates.ts';
import { api } from '../../../lib/api.ts';

export type { Template };

const enc = encodeURIComponent;

export const templateKeys = { templates: (communityId: string) => ['communities', communityId, 'templates'] as const };

/** GET /api/communities/{communityId}/templates: the community's template scaffolds. */
export const useTemplates = (communityId: string, enabled: boolean) =>
  useQuery({
    queryKey: templateKeys.templates(communityId),
    queryFn: () => api.request<Template[]>(`/api/communities/${enc(communityId)}/templates`),
    enabled,
    staleTime: 60_000,
  });

/** POST /api/contributions/{communityId}/fromtemplate: the new note, its build-on link and its ref. */
export const createFromTemplate = (communityId: string, body: FromTemplateBody) =>
  api.request<CreateContributionReply>(`/api/contributions/${enc(communityId)}/fromtemplate`, { method: 'POST', body });
