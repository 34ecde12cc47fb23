import Type, { type Static } from 'typebox';
import { ObjectIdSchema } from './common.ts';

/** /api/itm/{communityId}/contributions/{noteId}/threads */
export const ItmNoteParams = Type.Object({ communityId: ObjectIdSchema, noteId: ObjectIdSchema });
export type ItmNoteParams = Static<typeof ItmNoteParams>;

export const ItmCommunityParams = Type.Object({ communityId: ObjectIdSchema });
export type ItmCommunityParams = Static<typeof ItmCommunityParams>;

/** Whether the Thread tab shows: ITM configured on this server and the community's plugin on. */
export const ItmStatusReply = Type.Object({ configured: Type.Boolean(), enabled: Type.Boolean() });
export type ItmStatusReply = Static<typeof ItmStatusReply>;

/** One ITM thread, in the project that holds it (spec part 1 §3: ITM thread / project: id, title). */
export const ItmThread = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  projectId: Type.Integer(),
  projectTitle: Type.String(),
});
export type ItmThread = Static<typeof ItmThread>;

/** The caller's threads, and the ids of those that hold the note. */
export const ItmThreadsReply = Type.Object({ threads: Type.Array(ItmThread), noteThreads: Type.Array(Type.Integer()) });
export type ItmThreadsReply = Static<typeof ItmThreadsReply>;

export const ItmAddToThreadBody = Type.Object({ threadId: Type.Integer({ minimum: 1 }) });
export type ItmAddToThreadBody = Static<typeof ItmAddToThreadBody>;
