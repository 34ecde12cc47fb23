/**
 * Every server path this feature calls, in one place (spec part 1 §7 where it
 * names them; the issue-6 routes otherwise).
 */
const enc = encodeURIComponent;

export const urls = {
  object: (id: string) => `/api/objects/${enc(id)}`,
  save: (communityId: string, id: string) => `/api/objects/${enc(communityId)}/${enc(id)}`,
  permission: (communityId: string, id: string) => `/api/objects/${enc(communityId)}/${enc(id)}/permission`,
  authors: (communityId: string, id: string) => `/api/objects/${enc(communityId)}/${enc(id)}/authors`,
  author: (communityId: string, id: string, authorId: string) => `/api/objects/${enc(communityId)}/${enc(id)}/authors/${enc(authorId)}`,
  addFavourite: (communityId: string, id: string) => `/api/objects/addTofav/${enc(communityId)}/${enc(id)}`,
  removeFavourite: (communityId: string, id: string) => `/api/objects/remFromfav/${enc(communityId)}/${enc(id)}`,
  upload: (communityId: string, id: string) => `/api/upload/${enc(communityId)}/${enc(id)}`,
  playback: (id: string) => `/api/attachments/${enc(id)}/playback`,
  videoComments: (id: string) => `/api/attachments/${enc(id)}/comments`,
  linksTo: (id: string) => `/api/links/to/${enc(id)}`,
  linksFrom: (id: string) => `/api/links/from/${enc(id)}`,
  link: (linkId: string) => `/api/links/${enc(linkId)}`,
  history: (id: string) => `/api/objects/${enc(id)}/history`,
  historical: (id: string) => `/api/historicalobjects/${enc(id)}`,
  create: (communityId: string) => `/api/contributions/${enc(communityId)}`,
  read: (communityId: string, id: string) => `/api/records/read/${enc(communityId)}/${enc(id)}`,
  settings: (communityId: string) => `/api/communities/${enc(communityId)}/settings`,
  scaffolds: (communityId: string) => `/api/communities/${enc(communityId)}/scaffolds`,
  communityAuthors: (communityId: string) => `/api/communities/${enc(communityId)}/authors`,
  groups: (communityId: string) => `/api/communities/${enc(communityId)}/groups`,
  me: (communityId: string) => `/api/authors/${enc(communityId)}/me`,
  context: (contextId: string) => `/api/objects/${enc(contextId)}`,
} as const;
