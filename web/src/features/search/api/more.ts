import type { SaveCommentsReply } from '../../../../../contracts/api/objects.ts';
import type { StudentSearchReply } from '../../../../../contracts/api/search.ts';
import { api } from '../../../lib/api.ts';

const enc = encodeURIComponent;

/** PUT /api/objects/{communityId}/{id}/savecomments: a manager's comment ('' removes it). */
export const saveComments = (communityId: string, id: string, comments: string) =>
  api.request<SaveCommentsReply>(`/api/objects/${enc(communityId)}/${enc(id)}/savecomments`, { method: 'PUT', body: { comments } });

/** POST /api/contributions/{communityId}/search/students: the "students" type. */
export const searchStudents = (communityId: string, words: string) =>
  api.request<StudentSearchReply>(`/api/contributions/${enc(communityId)}/search/students`, { method: 'POST', body: { words } });
