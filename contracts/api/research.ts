import Type, { type Static } from 'typebox';
import { ObjectIdSchema } from './common.ts';

/**
 * The research API (issue 24 §5): read-only, for the researchers, managers and
 * administrators of one community. Researchers get every person as a stable
 * pseudonym (`P-` and 12 hex digits, the same across calls); managers and admins
 * get ids and names as they are. No reply ever carries a password hash, an
 * e-mail address, a registration key or a storage key. See docs/research.md.
 */

export const ResearchParams = Type.Object({ communityId: ObjectIdSchema });

const Instant = (description: string) => Type.String({ format: 'date-time', maxLength: 40, description });

export const ResearchSnapshotQuery = Type.Object({
  at: Type.Optional(Instant('The community as it was at this instant (default: now)')),
});

/** A person: an author id (or a pseudonym) and a name (the pseudonym again for researchers). */
const PersonId = Type.String({ description: 'An author id, or a pseudonym (P-…) for researchers' });

export const ResearchRefSchema = Type.Object({
  linkId: Type.String(),
  to: Type.String({ description: 'The contribution placed in the view' }),
  x: Type.Union([Type.Number(), Type.Null()]),
  y: Type.Union([Type.Number(), Type.Null()]),
  data: Type.Record(Type.String(), Type.Unknown(), { description: 'The placement as stored (width, height, showInPlace …)' }),
});

export const ResearchViewSchema = Type.Object({
  viewId: Type.String(),
  title: Type.String(),
  refs: Type.Array(ResearchRefSchema),
});

export const ResearchLinkSchema = Type.Object({
  linkId: Type.String(),
  type: Type.String({ description: 'buildson, references, supports …' }),
  from: Type.String(),
  to: Type.String(),
});

export const ResearchContributionSchema = Type.Object({
  id: Type.String(),
  type: Type.String({ description: 'Note, View, Drawing, Attachment …' }),
  title: Type.String(),
  text: Type.String({ description: "A note's plain text; '' for other types" }),
  authors: Type.Array(PersonId),
  permission: Type.String(),
  status: Type.String(),
  created: Type.String(),
});

export const ResearchSnapshotReply = Type.Object({
  communityId: ObjectIdSchema,
  at: Type.String({ description: 'The instant of the snapshot (ISO)' }),
  pseudonymised: Type.Boolean(),
  views: Type.Array(ResearchViewSchema),
  links: Type.Array(ResearchLinkSchema),
  contributions: Type.Array(ResearchContributionSchema),
});
export type ResearchSnapshotReply = Static<typeof ResearchSnapshotReply>;

const Cursor = (description: string) => Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });

export const ResearchReadsQuery = Type.Object({
  from: Type.Optional(Instant('Reads at or after this instant')),
  to: Type.Optional(Instant('Reads at or before this instant')),
  after: Type.Optional(Cursor('Log position to continue after: the `next` of the previous page (default 0)')),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 1000, description: 'Reads per page' })),
});

export const ResearchReadSchema = Type.Object({
  position: Type.Integer({ description: 'Log position of the read' }),
  at: Type.String(),
  reader: PersonId,
  contributionId: Type.String(),
});

/** `next`: the cursor for the following page; `done`: the log's head was reached. */
export const ResearchReadsReply = Type.Object({
  pseudonymised: Type.Boolean(),
  reads: Type.Array(ResearchReadSchema),
  next: Type.Integer(),
  done: Type.Boolean(),
});
export type ResearchReadsReply = Static<typeof ResearchReadsReply>;

export const ResearchEventsQuery = Type.Object({
  after: Type.Optional(Cursor('Events strictly after this log position (default 0)')),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 1000, description: 'Events per page' })),
});

export const ResearchEventSchema = Type.Object({
  position: Type.Integer(),
  type: Type.String(),
  stream: Type.String({ description: 'community, author, contribution or reads (the id is left out)' }),
  at: Type.String(),
  actor: Type.Union([PersonId, Type.Null()]),
  data: Type.Record(Type.String(), Type.Unknown()),
});

export const ResearchEventsReply = Type.Object({
  pseudonymised: Type.Boolean(),
  events: Type.Array(ResearchEventSchema),
  next: Type.Integer(),
  done: Type.Boolean(),
});
export type ResearchEventsReply = Static<typeof ResearchEventsReply>;
