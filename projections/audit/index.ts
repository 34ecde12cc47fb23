import type { AuditEvent } from '../../contracts/events/audit.ts';
import type { AuthorEvent } from '../../contracts/events/author.ts';
import type { CommunityEvent } from '../../contracts/events/community.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import type { UserEvent } from '../../contracts/events/user.ts';
import type { Projection, ProjectionContext } from '../../services/core/projection.ts';
import type { Collection, Filter } from '../../services/core/readStore.ts';

/**
 * The audit trail (issue 17 §3): who changed roles, keys, passwords, blocks and
 * sessions, who created communities, who exported data or rebuilt read models.
 * One document per audited event; names are those of the moment (kept in the
 * projection's own `auditNames` lookup, so a rebuild of this projection alone
 * needs no other read model). Never a secret: a key change says which key
 * changed, not its value; a password change names no hash.
 */
export type AuditEntry = {
  /** The event's id. */
  _id: string;
  _position: number;
  at: string;
  actorId: string | null;
  /** The actor's name at the time ("" for the operator's command line). */
  actorName: string;
  /** A stable code (see `auditActions`). */
  action: AuditAction;
  targetType: 'user' | 'community' | 'author' | 'system';
  targetId: string | null;
  targetLabel: string;
  communityId: string | null;
  communityTitle: string;
  details: Record<string, string>;
};

export const auditActions = [
  'user.created',
  'user.roleChanged',
  'user.blocked',
  'user.unblocked',
  'user.passwordChanged',
  'user.passwordReset',
  'user.sessionEnded',
  'user.sessionsEnded',
  'community.created',
  'community.renamed',
  'community.keyChanged',
  'community.archived',
  'community.restored',
  'member.added',
  'member.roleChanged',
  'member.blocked',
  'member.unblocked',
  'export.data',
  'export.community',
  'export.research',
  'export.kbdex',
  'projections.rebuild',
] as const;
export type AuditAction = (typeof auditActions)[number];

type NameDocument = { _id: string; label: string; userId?: string; communityId?: string; first?: string; last?: string; userName?: string };

export const auditCollectionName = 'audit';
const namesCollectionName = 'auditNames';

type Audited = RecordedEvent<UserEvent | CommunityEvent | AuthorEvent | AuditEvent>;

const handled: Audited['type'][] = [
  'UserRegistered',
  'UserProfileUpdated',
  'UserRoleChanged',
  'UserLoginBlocked',
  'UserLoginUnblocked',
  'UserPasswordChanged',
  'UserSessionEnded',
  'CommunityCreated',
  'CommunityUpdated',
  'AuthorJoined',
  'AuthorRenamed',
  'AuthorRoleChanged',
  'AuthorLoginBlocked',
  'AuthorLoginUnblocked',
  'OperatorActionRecorded',
];

type Entry = Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'targetLabel'> & {
  communityId?: string | null;
  details?: Record<string, string>;
};

const fullName = (first: string, last: string, userName?: string): string => `${first} ${last}`.trim() + (userName ? ` (${userName})` : '');

/** Updates the names lookup; returns what the event audits, if anything. */
const audit = async (event: Audited, names: Collection<NameDocument>): Promise<Entry | Entry[] | null> => {
  const label = async (id: string) => (await names.get(id))?.label ?? id;
  const user = async (userId: string): Promise<Entry> => ({
    action: 'user.created',
    targetType: 'user',
    targetId: userId,
    targetLabel: await label(`user:${userId}`),
  });
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, firstName, lastName, userName, provider, role, createdInCommunity } = event.data;
      await names.put({
        _id: `user:${userId}`,
        label: fullName(firstName, lastName, userName),
        first: firstName,
        last: lastName,
        userName,
      });
      // Self-registration is no admin action; accounts made by an admin, a manager's CSV or the operator are.
      if (provider === 'local' && event.metadata.actorId !== null && event.metadata.actorId !== userId) {
        return { ...(await user(userId)), details: { provider, role } };
      }
      if (provider === 'local') return null;
      return { ...(await user(userId)), communityId: createdInCommunity ?? null, details: { provider, role } };
    }
    case 'UserProfileUpdated': {
      const current = await names.get(`user:${event.data.userId}`);
      if (current && (event.data.firstName !== undefined || event.data.lastName !== undefined)) {
        const first = event.data.firstName ?? current.first ?? '';
        const last = event.data.lastName ?? current.last ?? '';
        await names.put({ ...current, first, last, label: fullName(first, last, current.userName) });
      }
      return null;
    }
    case 'UserRoleChanged':
      return { ...(await user(event.data.userId)), action: 'user.roleChanged', details: { role: event.data.role } };
    case 'UserLoginBlocked':
      return { ...(await user(event.data.userId)), action: 'user.blocked' };
    case 'UserLoginUnblocked':
      return { ...(await user(event.data.userId)), action: 'user.unblocked' };
    case 'UserPasswordChanged': {
      const { by } = event.data;
      return { ...(await user(event.data.userId)), action: by === 'self' ? 'user.passwordChanged' : 'user.passwordReset', details: { by } };
    }
    case 'UserSessionEnded': {
      // Logouts and rotations are routine; ending a session from the list, or all of them, is audited.
      const { reason, allSessions } = event.data;
      if (reason !== 'self' && reason !== 'admin') return null;
      return { ...(await user(event.data.userId)), action: allSessions ? 'user.sessionsEnded' : 'user.sessionEnded', details: { reason } };
    }
    case 'CommunityCreated': {
      const { communityId, title } = event.data;
      await names.put({ _id: `community:${communityId}`, label: title });
      return { action: 'community.created', targetType: 'community', targetId: communityId, targetLabel: title, communityId };
    }
    case 'CommunityUpdated': {
      const { communityId, title, registrationKey, managerRegistrationKey, archived } = event.data;
      const before = await label(`community:${communityId}`);
      if (title !== undefined) await names.put({ _id: `community:${communityId}`, label: title });
      const target = { targetType: 'community' as const, targetId: communityId, targetLabel: title ?? before, communityId };
      const entries: Entry[] = [];
      if (title !== undefined && title !== before) {
        entries.push({ ...target, action: 'community.renamed', details: { from: before, to: title } });
      }
      // Which key changed, never its value.
      if (registrationKey !== undefined) entries.push({ ...target, action: 'community.keyChanged', details: { key: 'registration' } });
      if (managerRegistrationKey !== undefined) entries.push({ ...target, action: 'community.keyChanged', details: { key: 'manager' } });
      if (archived !== undefined) entries.push({ ...target, action: archived ? 'community.archived' : 'community.restored' });
      return entries;
    }
    case 'AuthorJoined': {
      const { authorId, communityId, userId, firstName, lastName, userName, role, via } = event.data;
      await names.put({ _id: `author:${authorId}`, label: fullName(firstName, lastName, userName), userId, communityId });
      // Joining with a key is the member's own act; being added by an admin or a CSV is audited.
      if (via !== 'admin' && via !== 'csv') return null;
      return {
        action: 'member.added',
        targetType: 'author',
        targetId: authorId,
        targetLabel: fullName(firstName, lastName, userName),
        communityId,
        details: { role, via, userId },
      };
    }
    case 'AuthorRenamed': {
      const current = await names.get(`author:${event.data.authorId}`);
      if (current) await names.put({ ...current, label: fullName(event.data.firstName, event.data.lastName) });
      return null;
    }
    case 'AuthorRoleChanged':
    case 'AuthorLoginBlocked':
    case 'AuthorLoginUnblocked': {
      const member = await names.get(`author:${event.data.authorId}`);
      const action =
        event.type === 'AuthorRoleChanged'
          ? 'member.roleChanged'
          : event.type === 'AuthorLoginBlocked'
            ? 'member.blocked'
            : 'member.unblocked';
      return {
        action,
        targetType: 'author',
        targetId: event.data.authorId,
        targetLabel: member?.label ?? event.data.authorId,
        communityId: member?.communityId ?? null,
        details: {
          ...(event.type === 'AuthorRoleChanged' ? { role: event.data.role } : {}),
          ...(member?.userId ? { userId: member.userId } : {}),
        },
      };
    }
    case 'OperatorActionRecorded': {
      const { action, communityId, details, via } = event.data;
      return communityId
        ? {
            action,
            targetType: 'community',
            targetId: communityId,
            targetLabel: await label(`community:${communityId}`),
            communityId,
            details: { ...details, via },
          }
        : { action, targetType: 'system', targetId: null, targetLabel: '', details: { ...details, via } };
    }
    default:
      return null;
  }
};

const store = async (event: Audited, context: ProjectionContext): Promise<void> => {
  const names = context.collection<NameDocument>(namesCollectionName);
  const audited = await audit(event, names);
  if (!audited) return;
  const entries = Array.isArray(audited) ? audited : [audited];
  const { actorId, at } = event.metadata;
  const actorName = actorId ? ((await names.get(`user:${actorId}`))?.label ?? actorId) : '';
  const trail = context.collection<AuditEntry>(auditCollectionName);
  let index = 0;
  for (const entry of entries) {
    const communityId = entry.communityId ?? null;
    await trail.put({
      // One event may audit several changes (a title and a key): stable ids keep replays idempotent.
      _id: index === 0 ? event.eventId : `${event.eventId}.${index}`,
      _position: event.globalPosition,
      at,
      actorId,
      actorName,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetLabel: entry.targetLabel,
      communityId,
      communityTitle: communityId ? ((await names.get(`community:${communityId}`))?.label ?? '') : '',
      details: entry.details ?? {},
    });
    index++;
  }
};

export const auditProjection: Projection = {
  name: 'audit',
  version: 1,
  collections: [{ name: auditCollectionName, indexes: [['at'], ['action'], ['actorId'], ['communityId']] }, { name: namesCollectionName }],
  handles: handled,
  apply: (event, context) => store(event as Audited, context),
};

// ---- queries -------------------------------------------------------------

export type AuditQuery = { from?: string; to?: string; action?: string; actor?: string; community?: string };

export const auditFilter = (query: AuditQuery): Filter => {
  const clauses: Filter[] = [];
  if (query.from) clauses.push({ at: { $gte: query.from } });
  if (query.to) clauses.push({ at: { $lte: query.to } });
  if (query.action) clauses.push({ action: query.action });
  if (query.actor) clauses.push({ actorId: query.actor });
  if (query.community) clauses.push({ communityId: query.community });
  return clauses.length === 0 ? {} : clauses.length === 1 ? (clauses[0] as Filter) : { $and: clauses };
};

/** Newest first. */
export const findAudit = (trail: Collection<AuditEntry>, query: AuditQuery, page: { skip: number; limit: number }): Promise<AuditEntry[]> =>
  trail.find(auditFilter(query), { sort: { at: -1, _id: -1 }, skip: page.skip, limit: page.limit });

export const countAudit = (trail: Collection<AuditEntry>, query: AuditQuery): Promise<number> => trail.count(auditFilter(query));
