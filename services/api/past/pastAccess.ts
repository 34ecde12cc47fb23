import { membersOfGroup } from '../../domain/access/permissions.ts';
import { seesAsManager, type RoleInCommunity } from '../../domain/access/researcher.ts';
import { authorStreamName } from '../../../contracts/events/author.ts';
import { contributionStreamName, type ContributionEvent } from '../../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import type { AccessObject, AccessSubject } from '../../../contracts/permissions.ts';
import {
  contributionsCollectionName,
  evolveContribution,
  type ContributionDocument,
  type ContributionSnapshot,
} from '../../../projections/contributions/index.ts';
import type { EventStore } from '../../core/eventStore.ts';
import type { ReadStore } from '../../core/readStore.ts';
import type { CommunityAccessGrant } from '../communities/access.ts';
import { mayReadPast } from '../../domain/access/mayReadPast.ts';

/** What of a contribution's state the access rule reads (a snapshot then, or the document now). */
export type AccessState = { permission?: unknown; authors?: unknown; group?: unknown; type?: unknown; data?: unknown };

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const at = (event: RecordedEvent): number => Date.parse(event.metadata.at);

/**
 * The inputs of `mayReadPast` for one reader in one community, read from the
 * event log (issue 20 §4): who the reader was at an instant (their role, from
 * their membership stream), a group's members at an instant (from the group's
 * stream) and a contribution's state at an instant (its stream folded up to
 * then). One instance per request: streams are read once and kept.
 */
export class PastAccess {
  private readonly streams = new Map<string, Promise<RecordedEvent[]>>();

  constructor(
    private readonly deps: { eventStore: EventStore; readStore: ReadStore },
    private readonly grant: CommunityAccessGrant,
  ) {}

  private stream(name: string): Promise<RecordedEvent[]> {
    let events = this.streams.get(name);
    if (!events) {
      events = this.deps.eventStore.readStream(name).then((result) => result.events);
      this.streams.set(name, events);
    }
    return events;
  }

  /** The reader now (admins count as managers). */
  get now(): AccessSubject {
    return { authorId: this.grant.author?._id ?? null, isManager: this.grant.isManager };
  }

  /**
   * The reader at `instant` (ms): their role then, from their membership
   * stream; an outsider (no author id) when they were not a member yet.
   * Admins are managers at any time (the admin flag has no history).
   */
  async readerAt(instant: number): Promise<AccessSubject> {
    const authorId = this.grant.author?._id ?? null;
    if (this.grant.isAdmin) return { authorId, isManager: true };
    if (!authorId) return { authorId: null, isManager: false };
    let role: string | null = null;
    for (const event of await this.stream(authorStreamName(authorId))) {
      if (at(event) > instant) break;
      const data = event.data as { role?: unknown };
      if ((event.type === 'AuthorJoined' || event.type === 'AuthorRoleChanged') && typeof data.role === 'string') role = data.role;
    }
    return role === null ? { authorId: null, isManager: false } : { authorId, isManager: seesAsManager(role as RoleInCommunity) };
  }

  /** A contribution as it was at `instant` (ms), or null before it existed. */
  async stateAt(contributionId: string, instant: number): Promise<ContributionSnapshot | null> {
    let state = null as ContributionSnapshot | null;
    for (const event of await this.stream(contributionStreamName(contributionId))) {
      if (at(event) > instant) break;
      const current: ContributionDocument | null = state === null ? null : { ...state, _position: 0 };
      state = evolveContribution(current, event as RecordedEvent<ContributionEvent>) ?? state;
    }
    return state;
  }

  /** The access object of a state at `instant`: its group's members then. */
  async accessAt(state: AccessState, instant: number): Promise<AccessObject> {
    const group = typeof state.group === 'string' ? await this.stateAt(state.group, instant) : null;
    return {
      permission: typeof state.permission === 'string' ? state.permission : 'private',
      authors: strings(state.authors),
      groupMembers: membersOfGroup(group),
    };
  }

  /** The access object of a contribution now (null when it does not exist), its group's members now. */
  async accessNow(contributionId: string): Promise<AccessObject | null> {
    const contributions = this.deps.readStore.collection<ContributionDocument>(contributionsCollectionName);
    const doc = await contributions.get(contributionId);
    if (!doc) return null;
    const group = doc.group ? await contributions.get(doc.group) : null;
    return { permission: doc.permission, authors: doc.authors, groupMembers: membersOfGroup(group) };
  }

  /** `mayReadPast` for the state of `contributionId` at `instant` (ms), given (`then`) or folded from its stream. */
  async mayRead(contributionId: string, instant: number, then?: AccessState | null): Promise<boolean> {
    const stateThen = then === undefined ? await this.stateAt(contributionId, instant) : then;
    const [reader, accessThen, accessNow] = await Promise.all([
      this.readerAt(instant),
      stateThen ? this.accessAt(stateThen, instant) : null,
      this.accessNow(contributionId),
    ]);
    if (!mayReadPast({ then: reader, now: this.now }, accessThen, accessNow)) return false;
    // An annotation is read with its note, as it was then too.
    const data =
      stateThen?.type === 'Annotation' && typeof stateThen.data === 'object' && stateThen.data !== null
        ? (stateThen.data as { modelId?: unknown })
        : null;
    const annotated = data?.modelId;
    return typeof annotated === 'string' && annotated !== contributionId ? this.mayRead(annotated, instant) : true;
  }
}
