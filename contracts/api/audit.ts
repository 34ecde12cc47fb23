import Type from 'typebox';
import { ObjectIdSchema } from './common.ts';

/** Issue 17 §3: the audit trail's query (admin tools), from/to ISO instants, newest first. */
export const AuditQuery = Type.Object({
  from: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  to: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  action: Type.Optional(Type.String({ pattern: '^[a-zA-Z]+\\.[a-zA-Z]+$', maxLength: 60 })),
  actor: Type.Optional(ObjectIdSchema),
  community: Type.Optional(ObjectIdSchema),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});

export const AuditEntrySchema = Type.Object({
  id: Type.String(),
  at: Type.String(),
  actorId: Type.Union([Type.String(), Type.Null()]),
  actorName: Type.String(),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.Union([Type.String(), Type.Null()]),
  targetLabel: Type.String(),
  communityId: Type.Union([Type.String(), Type.Null()]),
  communityTitle: Type.String(),
  details: Type.Record(Type.String(), Type.String()),
});

export const AuditReply = Type.Object({
  entries: Type.Array(AuditEntrySchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  /** The stable action codes a filter may name. */
  actions: Type.Array(Type.String()),
});

/** Issue 17 §4: one open session of the caller. */
export const SessionSchema = Type.Object({
  id: Type.String(),
  created: Type.String(),
  /** Coarse (a minute at best), from this server's memory; the start when unknown. */
  lastSeen: Type.String(),
  expiresAt: Type.String(),
  userAgent: Type.String(),
  address: Type.String(),
  /** The session of the token making this request. */
  current: Type.Boolean(),
});

export const SessionsReply = Type.Object({ sessions: Type.Array(SessionSchema) });

export const SessionIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9:-]+$' }) });
