import { personName, type NamedPerson } from '../../../contracts/personName.ts';
import { applyStep as applySceneStep, revertStep as revertSceneStep } from '../../../contracts/timeMachineSteps.ts';
import type {
  TimeMachineDeltaStep,
  TimeMachineStepAction,
  TimeMachineStepKind,
  TimeMachineStepOther,
} from '../../../contracts/api/timemachine.ts';
import type { RefTarget, ViewLink, ViewRef } from '../../../contracts/api/views.ts';
import type { ContributionEvent, LinkType } from '../../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import { isObjectId } from '../../../contracts/ids.ts';
import type { AccessObject, AccessSubject } from '../../../contracts/permissions.ts';
import { mayReadPast } from '../../domain/access/mayReadPast.ts';
import { readState } from '../../../projections/reads/index.ts';
import { toRefData } from '../canvas/canvasReader.ts';
import { evolveContribution, type ContributionDocument } from '../../../projections/contributions/index.ts';

/**
 * The time machine's replay of one view for one reader (pure: no I/O).
 *
 * It consumes, in global order, the events of the view's stream (its
 * `contains` links), of every contribution ever placed on it and of their
 * groups, of the authors involved and of the reader's reads, and folds them
 * into the world as it was at each instant. After each event it re-derives
 * the refs the event can change, as this reader would have seen them then
 * (active, readable by the reader with the permission, authors, group members
 * and reader's role in force then), and records a step for each ref whose
 * visible form changed. Every `checkpointEvery` steps it keeps a copy of the
 * frame, so a frame is a checkpoint plus fewer than `checkpointEvery` steps.
 *
 * Consumption is incremental: new events can be fed later (`consume`) and the
 * steps and checkpoints grow; nothing already computed is redone.
 */

export type ReplayReader = {
  /** The reader's membership id (derived for an admin who is not a member). */
  authorId: string;
  userId: string;
  /** Admins read everything, like managers. */
  isAdmin: boolean;
};

export type ReplayOptions = {
  viewId: string;
  communityId: string;
  reader: ReplayReader;
  /** Names of actors who are not members (admins), by user id. */
  userNames?: ReadonlyMap<string, string>;
  /** Names show last name first (the community's `flipname` today). */
  lastNameFirst?: boolean;
  /** authorIdFor(communityId, userId) — injected so this module stays pure. */
  authorIdOf: (userId: string) => string;
  /**
   * The reader and the contributions (placed ones and the view) as they are
   * now (issue 20 §4, `mayReadPast`): the past shows a state only to a reader
   * who could read it then and can read it now. A contribution missing from
   * `states` is hidden. Without `now` (unit tests) the reader then is also the
   * reader now.
   */
  now?: { reader: AccessSubject; states: ReadonlyMap<string, AccessObject> };
  checkpointEvery?: number;
};

/** A step as stored (the API shape without `index`). */
export type ReplayStep = Omit<TimeMachineDeltaStep, 'index'>;

/** A shown ref and the two halves of its visible signature (placement, target). */
type FrameEntry = { ref: ViewRef; dataSig: string; targetSig: string };
type Checkpoint = { refs: Map<string, ViewRef>; links: Map<string, ViewLink> };
type ContainsLink = { _id: string; to: string; data: Record<string, unknown>; created: string; modified: string };
type AuthorState = { name: string; role: string; person: NamedPerson };

type LinkDelta = { added: ViewLink[]; removed: ViewLink[] };
/** The delta of most steps, shared. */
const noLinks: LinkDelta = Object.freeze({ added: [], removed: [] });

const arrowTypes: ReadonlySet<string> = new Set(['buildson', 'references']);
const containsPrefix = 'contribution-';
/**
 * A ref removed from the view this soon after its contribution was placed in
 * another view by the same person is a move into that view (a rise-above
 * writes the inner view's refs, then removes the originals, in one request).
 */
const moveWindowMs = 5_000;
/** Events that make a contribution appear as newly published. */
const publishing: ReadonlySet<string> = new Set(['NoteContributed', 'DrawingSaved', 'ContributionStatusChanged', 'ContributionCreated']);

/** The replay keeps the last read instant per contribution; the reads projection's rule takes a document. */
const lastReadOf = (last: string | undefined) => (last === undefined ? undefined : { last });

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** What the canvas draws of a target, minus what changes without being a step (modified, read, favourite). */
const targetSignatureOf = (target: RefTarget): string => {
  const { modified: _m, read: _r, favourite: _f, ...shown } = target;
  return JSON.stringify(shown);
};

export const compareRefs = (a: ViewRef, b: ViewRef): number =>
  a.created < b.created ? -1 : a.created > b.created ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
const compareIds = (a: { _id: string }, b: { _id: string }): number => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

export class ViewReplay {
  readonly steps: ReplayStep[] = [];
  /** Running maximum of step times, for "as of" lookups when clocks are not monotonic. */
  private readonly timeKeys: string[] = [];
  private readonly checkpoints: Checkpoint[] = [{ refs: new Map(), links: new Map() }];
  private readonly every: number;
  /** Position of the last consumed event. */
  lastPosition = 0;

  // ---- the world as of the last consumed event ----
  private readonly links = new Map<string, ContainsLink>();
  private readonly refsByTarget = new Map<string, Set<string>>();
  private readonly docs = new Map<string, ContributionDocument>();
  private readonly authors = new Map<string, AuthorState>();
  private readonly arrows = new Map<string, ViewLink>();
  private readonly arrowsByContribution = new Map<string, Set<string>>();
  /** Types of links starting at placed contributions (LinkUpdated/Deleted do not repeat it). */
  private readonly linkTypes = new Map<string, LinkType>();
  private readonly reads = new Map<string, string>();
  /** The reader's view of each placed contribution now (null: hidden), until one of its inputs changes. */
  private readonly targets = new Map<string, { target: RefTarget; sig: string } | null>();
  private readonly actorAuthorIds = new Map<string, string>();
  /** The last `contains` link that placed a contribution in another view (a rise-above's inner view, a placed view), for "moved into" captions. */
  private readonly placedElsewhere = new Map<string, { viewId: string; at: number; actorId: string | null }>();
  /** The rise-above note of each inner view. */
  private readonly riseAboveOf = new Map<string, string>();
  private readerRole: string | null = null;
  /** The view itself as of the last consumed event: while the reader may not read it, every ref is hidden. */
  private view: ContributionDocument | null = null;

  // ---- the reader's frame after the last step ----
  private readonly frame = new Map<string, FrameEntry>();
  private readonly shownArrows = new Map<string, ViewLink>();
  private readonly presence = new Map<string, number>();
  private readonly dirtyArrows = new Set<string>();

  /** Whether names show last name first in this replay. */
  get lastNameFirst(): boolean {
    return this.options.lastNameFirst ?? false;
  }

  constructor(private readonly options: ReplayOptions) {
    this.every = options.checkpointEvery ?? 128;
  }

  get count(): number {
    return this.steps.length;
  }

  /** Feeds events in global order; events at or before the last consumed position are ignored. */
  consume(events: Iterable<RecordedEvent>): void {
    for (const event of events) {
      if (event.globalPosition <= this.lastPosition) continue;
      this.lastPosition = event.globalPosition;
      this.apply(event);
    }
  }

  /** The frame after step `index` (−1 = empty): refs sorted by creation, arrows by id. */
  frameAt(index: number): { refs: ViewRef[]; links: ViewLink[] } {
    if (index < -1 || index >= this.steps.length) throw new RangeError(`frame ${index} of ${this.steps.length}`);
    const c = Math.floor((index + 1) / this.every);
    const checkpoint = this.checkpoints[c] as Checkpoint;
    const refs = new Map(checkpoint.refs);
    const links = new Map(checkpoint.links);
    for (let i = c * this.every; i <= index; i++) applyStep(refs, links, this.steps[i] as ReplayStep);
    return { refs: [...refs.values()].sort(compareRefs), links: [...links.values()].sort(compareIds) };
  }

  /** The index of the frame in force at `time` (−1 before the first step). */
  indexAt(time: string): number {
    let lo = 0;
    let hi = this.timeKeys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.timeKeys[mid] as string) <= time) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  // ---- folding ----------------------------------------------------------------------

  private apply(event: RecordedEvent): void {
    const { streamName } = event;
    const affected = new Set<string>();
    if (streamName === `${containsPrefix}${this.options.viewId}`) {
      this.applyViewEvent(event as RecordedEvent<ContributionEvent>, affected);
    } else if (streamName.startsWith(containsPrefix)) {
      this.applyContributionEvent(event as RecordedEvent<ContributionEvent>, affected);
    } else if (streamName.startsWith('author-')) {
      this.applyAuthorEvent(event, affected);
    } else if (streamName.startsWith('reads-')) {
      const data = event.data as { authorId?: string; contributionId?: string };
      if (event.type === 'ReadMarked' && data.authorId === this.options.reader.authorId && typeof data.contributionId === 'string') {
        const last = this.reads.get(data.contributionId);
        if (last === undefined || event.metadata.at > last) {
          this.reads.set(data.contributionId, event.metadata.at);
          this.targets.delete(data.contributionId);
        }
      }
    }
    this.emit(event, affected);
  }

  private applyViewEvent(event: RecordedEvent<ContributionEvent>, affected: Set<string>): void {
    const at = event.metadata.at;
    switch (event.type) {
      case 'LinkCreated': {
        if (event.data.type !== 'contains') return;
        const { linkId, to, data } = event.data;
        this.links.set(linkId, { _id: linkId, to, data: { ...data }, created: at, modified: at });
        let refs = this.refsByTarget.get(to);
        if (!refs) this.refsByTarget.set(to, (refs = new Set()));
        refs.add(linkId);
        affected.add(linkId);
        return;
      }
      case 'LinkUpdated': {
        const link = this.links.get(event.data.linkId);
        if (!link) return;
        link.data = { ...link.data, ...event.data.data };
        link.modified = at;
        affected.add(link._id);
        return;
      }
      case 'LinkDeleted': {
        const link = this.links.get(event.data.linkId);
        if (!link) return;
        this.links.delete(link._id);
        this.refsByTarget.get(link.to)?.delete(link._id);
        affected.add(link._id);
        return;
      }
      default: {
        // The view's own permission, authors and group: who may see its canvas then.
        const next = evolveContribution(this.view, event);
        if (!next || next === this.view) return;
        const before = this.view;
        this.view = { ...next, _position: event.globalPosition };
        if (
          before &&
          before.permission === next.permission &&
          before.group === next.group &&
          before.authors.join() === next.authors.join()
        ) {
          return;
        }
        this.hideAll(affected);
        return;
      }
    }
  }

  /** Every ref must be re-derived (the reader's role, or the view's access, changed). */
  private hideAll(affected: Set<string>): void {
    this.targets.clear();
    for (const refId of this.links.keys()) affected.add(refId);
  }

  private applyContributionEvent(event: RecordedEvent<ContributionEvent>, affected: Set<string>): void {
    const id = event.streamName.slice(containsPrefix.length);
    switch (event.type) {
      case 'LinkCreated': {
        this.linkTypes.set(event.data.linkId, event.data.type);
        if (event.data.type === 'contains') {
          this.placedElsewhere.set(event.data.to, { viewId: id, at: Date.parse(event.metadata.at), actorId: event.metadata.actorId });
        }
        if (!arrowTypes.has(event.data.type)) return;
        const link: ViewLink = { _id: event.data.linkId, from: event.data.from, to: event.data.to, type: event.data.type };
        this.arrows.set(link._id, link);
        this.indexArrow(link.from, link._id);
        this.indexArrow(link.to, link._id);
        this.dirtyArrows.add(link._id);
        return;
      }
      case 'LinkDeleted': {
        const link = this.arrows.get(event.data.linkId);
        if (!link) return;
        this.arrows.delete(link._id);
        this.dirtyArrows.add(link._id);
        return;
      }
      case 'LinkUpdated':
        return;
      default: {
        const current = this.docs.get(id) ?? null;
        const next = evolveContribution(current, event);
        if (!next || next === current) return;
        this.docs.set(id, { ...next, _position: event.globalPosition });
        const innerView = (next.data.riseabove as { viewId?: unknown } | undefined)?.viewId;
        if (typeof innerView === 'string') this.riseAboveOf.set(innerView, id);
        this.targets.delete(id);
        for (const refId of this.refsByTarget.get(id) ?? []) affected.add(refId);
        if (next.type === 'Group' && this.view?.group === id) {
          this.hideAll(affected);
        } else if (next.type === 'Group') {
          for (const link of this.links.values()) {
            if (this.docs.get(link.to)?.group !== id) continue;
            this.targets.delete(link.to);
            affected.add(link._id);
          }
        }
      }
    }
  }

  private applyAuthorEvent(event: RecordedEvent, affected: Set<string>): void {
    const data = event.data as { authorId?: string; role?: string; firstName?: string; lastName?: string; userName?: string };
    const authorId = data.authorId;
    if (typeof authorId !== 'string') return;
    const current = this.authors.get(authorId);
    let next: AuthorState | undefined;
    const lastNameFirst = this.options.lastNameFirst ?? false;
    if (event.type === 'AuthorJoined') {
      const person = { firstName: data.firstName ?? '', lastName: data.lastName ?? '', userName: data.userName ?? '' };
      next = { name: personName(person, lastNameFirst), role: data.role ?? 'writer', person };
    } else if (!current) {
      return;
    } else if (event.type === 'AuthorRenamed') {
      const person = { ...current.person, firstName: data.firstName ?? '', lastName: data.lastName ?? '' };
      next = { ...current, person, name: personName(person, lastNameFirst) || current.name };
    } else if (event.type === 'AuthorRoleChanged' && typeof data.role === 'string') {
      next = { ...current, role: data.role };
    }
    if (!next) return;
    this.authors.set(authorId, next);
    if (authorId === this.options.reader.authorId && next.role !== this.readerRole) {
      this.readerRole = next.role;
      this.hideAll(affected);
    }
    if (!current || current.name !== next.name) {
      for (const link of this.links.values()) {
        const doc = this.docs.get(link.to);
        if (!doc?.authors.includes(authorId)) continue;
        this.targets.delete(link.to);
        affected.add(link._id);
      }
    }
  }

  private indexArrow(contributionId: string, linkId: string): void {
    let set = this.arrowsByContribution.get(contributionId);
    if (!set) this.arrowsByContribution.set(contributionId, (set = new Set()));
    set.add(linkId);
  }

  // ---- what the reader sees -----------------------------------------------------------

  private get isManager(): boolean {
    return this.options.reader.isAdmin || this.readerRole === 'manager';
  }

  private membersOf(groupId: string | null): string[] {
    if (!groupId) return [];
    const group = this.docs.get(groupId);
    return group ? strings(group.data.members) : [];
  }

  /** The ref as the reader sees it now (null when it is gone or hidden), with its visible signature. */
  private represent(refId: string): FrameEntry | null {
    const link = this.links.get(refId);
    if (!link) return null;
    let target = this.targets.get(link.to);
    if (target === undefined) {
      const computed = this.targetOf(link.to);
      target = computed ? { target: computed, sig: targetSignatureOf(computed) } : null;
      this.targets.set(link.to, target);
    }
    if (!target) return null;
    const data = toRefData(link.data);
    const ref: ViewRef = {
      _id: link._id,
      viewId: this.options.viewId,
      to: link.to,
      data,
      created: link.created,
      modified: link.modified,
      _to: target.target,
    };
    return { ref, dataSig: JSON.stringify(data), targetSig: target.sig };
  }

  private accessOf(doc: ContributionDocument): AccessObject {
    return { permission: doc.permission, authors: doc.authors, groupMembers: this.membersOf(doc.group) };
  }

  /** `mayReadPast` for a contribution as it is in the replayed world, with the reader's role then. */
  private mayRead(doc: ContributionDocument): boolean {
    const { reader, now } = this.options;
    // Not a member yet: an outsider, who sees what was open to the whole community then.
    const then: AccessSubject = { authorId: this.readerRole === null ? null : reader.authorId, isManager: this.isManager };
    const stateThen = this.accessOf(doc);
    return mayReadPast({ then, now: now?.reader ?? then }, stateThen, now ? (now.states.get(doc._id) ?? null) : stateThen);
  }

  /** The placed contribution as the reader sees it now, or null when hidden. */
  private targetOf(contributionId: string): RefTarget | null {
    const doc = this.docs.get(contributionId);
    if (!doc || doc.status !== 'active' || doc.communityId !== this.options.communityId) return null;
    // A canvas the reader could not open then (or can no longer open as it was then) shows nothing of that time.
    if (this.view && !this.mayRead(this.view)) return null;
    if (!this.mayRead(doc)) return null;
    const { reader } = this.options;
    const data = doc.data;
    const group = doc.group ? this.docs.get(doc.group) : undefined;
    const riseabove = data.riseabove as { viewId?: unknown } | undefined;
    const target: RefTarget = {
      _id: doc._id,
      type: doc.type,
      title: doc.title,
      status: doc.status,
      permission: doc.permission,
      authors: [...doc.authors],
      authorNames: doc.authors.map((id) => this.authors.get(id)?.name ?? ''),
      group: doc.group,
      groupTitle: group ? group.title : null,
      created: doc.created,
      modified: doc.modified,
      langInNote: strings((doc as { langInNote?: unknown }).langInNote ?? data.langInNote),
      read: readState(lastReadOf(this.reads.get(doc._id)), doc.modified),
      byMe: doc.authors.includes(reader.authorId),
      favourite: strings(data.favAuthors).includes(reader.userId),
      riseaboveViewId: riseabove && isObjectId(riseabove.viewId) ? riseabove.viewId : null,
      promising: Boolean(data.promisingContains),
    };
    if (doc.type === 'Drawing' && typeof data.svg === 'string') target.svg = data.svg;
    if (doc.type === 'Attachment' && typeof data.url === 'string') {
      target.attachment = { url: data.url, mime: typeof data.type === 'string' ? data.type : 'application/octet-stream' };
      const width = num(data.width);
      const height = num(data.height);
      if (width !== undefined) target.attachment.width = width;
      if (height !== undefined) target.attachment.height = height;
    }
    return target;
  }

  private actorName(actorId: string | null): string {
    if (!actorId) return '';
    let authorId = this.actorAuthorIds.get(actorId);
    if (authorId === undefined) {
      authorId = this.options.authorIdOf(actorId);
      this.actorAuthorIds.set(actorId, authorId);
    }
    return this.authors.get(authorId)?.name ?? this.options.userNames?.get(actorId) ?? '';
  }

  private emit(event: RecordedEvent, affected: Set<string>): void {
    const before = this.steps.length;
    const ids = affected.size > 1 ? [...affected].sort() : affected;
    for (const refId of ids) {
      const previous = this.frame.get(refId);
      const entry = this.represent(refId);
      if (!previous && !entry) continue;
      if (previous && entry && previous.dataSig === entry.dataSig && previous.targetSig === entry.targetSig) continue;
      const next = entry?.ref ?? null;
      const to = (next ?? previous?.ref)?.to as string;
      if (entry) this.frame.set(refId, entry);
      else this.frame.delete(refId);
      const first = this.steps.length === before && this.dirtyArrows.size > 0;
      const was = this.presence.get(to) ?? 0;
      const count = was + (next ? 1 : 0) - (previous ? 1 : 0);
      this.presence.set(to, count);
      const incident = count > 0 !== was > 0 ? this.arrowsByContribution.get(to) : undefined;
      let delta = noLinks;
      if (first || (incident && incident.size > 0)) {
        const candidates = new Set<string>(first ? this.dirtyArrows : []);
        for (const id of incident ?? []) candidates.add(id);
        delta = this.arrowDelta(candidates);
      }
      this.push(event, refId, previous?.ref ?? null, next, delta);
    }
    if (this.steps.length === before && this.dirtyArrows.size > 0) {
      // An arrow appeared or vanished among shown refs, nothing else changed: a step of its `from` ref.
      const delta = this.arrowDelta(new Set(this.dirtyArrows));
      const changed = delta.added[0] ?? delta.removed[0];
      if (changed) {
        const entry =
          [...this.frame.values()].find((e) => e.ref.to === changed.from) ?? [...this.frame.values()].find((e) => e.ref.to === changed.to);
        if (entry) this.push(event, entry.ref._id, entry.ref, entry.ref, delta);
      }
    }
    this.dirtyArrows.clear();
  }

  private arrowDelta(candidates: Set<string>): LinkDelta {
    const added: ViewLink[] = [];
    const removed: ViewLink[] = [];
    for (const id of [...candidates].sort()) {
      const link = this.arrows.get(id);
      const show = !!link && (this.presence.get(link.from) ?? 0) > 0 && (this.presence.get(link.to) ?? 0) > 0;
      const shown = this.shownArrows.get(id);
      if (show && !shown) {
        added.push(link);
        this.shownArrows.set(id, link);
      } else if (!show && shown) {
        removed.push(shown);
        this.shownArrows.delete(id);
      }
    }
    return added.length + removed.length === 0 ? noLinks : { added, removed };
  }

  /** A contribution the reader may name in a caption: active and readable as of now in the replay (null otherwise). */
  private otherOf(contributionId: string | undefined): TimeMachineStepOther | null {
    const doc = contributionId === undefined ? undefined : this.docs.get(contributionId);
    if (!doc || doc.status !== 'active' || !this.mayRead(doc)) return null;
    return { contributionId: doc._id, title: doc.title };
  }

  /** Where a ref removed by `event` went, when its contribution was just placed in another view by the same person. */
  private movedTo(event: RecordedEvent, contributionId: string): { action: TimeMachineStepAction; other: TimeMachineStepOther } | null {
    const placed = this.placedElsewhere.get(contributionId);
    if (!placed || placed.actorId !== event.metadata.actorId || Math.abs(Date.parse(event.metadata.at) - placed.at) > moveWindowMs) {
      return null;
    }
    const riseAbove = this.riseAboveOf.get(placed.viewId);
    const other = this.otherOf(riseAbove ?? placed.viewId);
    if (!other) return null;
    return { action: riseAbove ? 'movedInto' : 'movedIntoView', other };
  }

  /**
   * What a step did (issue 21 §8), from the event that caused it and the ref
   * before and after: the captions say "moved into the rise-above « … »",
   * not "deleted", and "built on « … »", not "created".
   */
  private describe(
    event: RecordedEvent,
    before: ViewRef | null,
    after: ViewRef | null,
    links: LinkDelta,
  ): { action: TimeMachineStepAction; other: TimeMachineStepOther | null } {
    const type = event.type;
    const inView = event.streamName === `${containsPrefix}${this.options.viewId}`;
    const contributionId = ((after ?? before) as ViewRef).to;
    if (!before && after) {
      if (after._to.riseaboveViewId) return { action: 'risenAbove', other: null };
      const doc = this.docs.get(contributionId);
      const isNew = (inView && type === 'LinkCreated' && doc?.created === event.metadata.at) || (!inView && publishing.has(type));
      if (isNew) {
        const parent = [...(this.arrowsByContribution.get(contributionId) ?? [])]
          .map((id) => this.arrows.get(id))
          .find((link) => link?.type === 'buildson' && link.from === contributionId);
        const other = this.otherOf(parent?.to);
        return other ? { action: 'builtOn', other } : { action: 'contributed', other: null };
      }
      if (inView && type === 'LinkCreated') return { action: 'placed', other: null };
      return { action: type === 'PermissionChanged' ? 'shared' : 'shown', other: null };
    }
    if (before && !after) {
      if (inView && type === 'LinkDeleted') return this.movedTo(event, contributionId) ?? { action: 'removed', other: null };
      if (!inView && this.docs.get(contributionId)?.status === 'inactive') return { action: 'deleted', other: null };
      return { action: type === 'PermissionChanged' ? 'unshared' : 'hidden', other: null };
    }
    const was = before as ViewRef;
    const now = after as ViewRef;
    if (was === now) {
      // Only an arrow changed: name the contribution at its other end.
      const link = links.added[0] ?? links.removed[0];
      const other = this.otherOf(link ? (link.from === contributionId ? link.to : link.from) : undefined);
      if (links.added.length === 0) return { action: 'unlinked', other };
      return { action: link?.type === 'buildson' ? 'linkedBuildOn' : 'linkedReference', other };
    }
    if (inView && type === 'LinkUpdated') {
      if (was.data.x !== now.data.x || was.data.y !== now.data.y) return { action: 'moved', other: null };
      if (was.data.width !== now.data.width || was.data.height !== now.data.height) return { action: 'resized', other: null };
      return { action: 'arranged', other: null };
    }
    if (was._to.title !== now._to.title) return { action: 'retitled', other: null };
    if (type === 'PermissionChanged' || was._to.permission !== now._to.permission || was._to.group !== now._to.group) {
      return { action: 'permission', other: null };
    }
    if (type === 'CoauthorAdded' || type === 'CoauthorRemoved' || was._to.authorNames.join() !== now._to.authorNames.join()) {
      return { action: 'authors', other: null };
    }
    return { action: 'edited', other: null };
  }

  private push(
    event: RecordedEvent,
    refId: string,
    before: ViewRef | null,
    after: ViewRef | null,
    links: { added: ViewLink[]; removed: ViewLink[] },
  ): void {
    const kind: TimeMachineStepKind = !before ? 'created' : !after ? 'deleted' : 'modified';
    const shown = (after ?? before) as ViewRef;
    const time = event.metadata.at;
    const { action, other } = this.describe(event, before, after, links);
    this.steps.push({
      position: event.globalPosition,
      time,
      actorId: event.metadata.actorId,
      actorName: this.actorName(event.metadata.actorId),
      kind,
      refId,
      contributionId: shown.to,
      title: after ? after._to.title : (this.docs.get(shown.to)?.title ?? before?._to.title ?? ''),
      action,
      other,
      before,
      after,
      links,
    });
    const last = this.timeKeys[this.timeKeys.length - 1];
    this.timeKeys.push(last !== undefined && last > time ? last : time);
    if (this.steps.length % this.every === 0) {
      this.checkpoints.push({
        refs: new Map([...this.frame].map(([id, entry]) => [id, entry.ref])),
        links: new Map(this.shownArrows),
      });
    }
  }
}

/** Applies one step forward to a frame (contracts/timeMachineSteps.ts). */
export const applyStep = (
  refs: Map<string, ViewRef>,
  links: Map<string, ViewLink>,
  step: Pick<ReplayStep, 'refId' | 'after' | 'links'>,
): void => applySceneStep({ refs, links }, step);

/** Undoes one step (the exact inverse of `applyStep`). */
export const revertStep = (
  refs: Map<string, ViewRef>,
  links: Map<string, ViewLink>,
  step: Pick<ReplayStep, 'refId' | 'before' | 'links'>,
): void => revertSceneStep({ refs, links }, step);
