import type { ViewLink } from '../../../contracts/api/views.ts';
import type { ContributionEvent, LinkType } from '../../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import { personName } from '../../../contracts/personName.ts';
import { evolveContribution, type ContributionDocument } from '../../../projections/contributions/index.ts';
import { innerViewOf } from '../../domain/view/riseAbove.ts';
import type { AuthorState, ContainsLink, ReplayOptions, ShownTarget } from './replayTypes.ts';

export const contributionPrefix = 'contribution-';
const arrowTypes: ReadonlySet<string> = new Set(['buildson', 'references']);

/**
 * The world of one view's replay as of the last consumed event: its refs, the
 * contributions placed on it and their groups, the members involved, the
 * arrows among placed contributions and the reader's reads. `apply` folds one
 * event and answers the refs whose visible form may have changed; the cache
 * of what the reader sees (`targets`) is dropped for what the event touched.
 */
export class ReplayWorld {
  readonly links = new Map<string, ContainsLink>();
  readonly refsByTarget = new Map<string, Set<string>>();
  readonly docs = new Map<string, ContributionDocument>();
  readonly authors = new Map<string, AuthorState>();
  readonly arrows = new Map<string, ViewLink>();
  readonly arrowsByContribution = new Map<string, Set<string>>();
  /** Types of links starting at placed contributions (LinkUpdated/Deleted do not repeat it). */
  readonly linkTypes = new Map<string, LinkType>();
  /** The reader's last read instant per contribution. */
  readonly reads = new Map<string, string>();
  /** Every instant the reader read each contribution: frames show the read state as of their instant. */
  private readonly readInstants = new Map<string, string[]>();
  /** The reader's view of each placed contribution now (null: hidden), until one of its inputs changes. */
  readonly targets = new Map<string, ShownTarget>();
  /** The last `contains` link that placed a contribution in another view (a rise-above's inner view, a placed view), for "moved into" captions. */
  readonly placedElsewhere = new Map<string, { viewId: string; at: number; actorId: string | null }>();
  /** The rise-above note of each inner view. */
  readonly riseAboveOf = new Map<string, string>();
  /** Arrows that appeared or vanished with the last event. */
  readonly dirtyArrows = new Set<string>();
  /** The active promising ideas of each placed note (issue 14 §3: the canvas marks a note holding one). */
  private readonly ideasByNote = new Map<string, Set<string>>();
  readerRole: string | null = null;
  /** The view itself: while the reader may not read it, every ref is hidden. */
  view: ContributionDocument | null = null;

  constructor(private readonly options: ReplayOptions) {}

  /** Folds one event; the ids of the refs to re-derive. */
  apply(event: RecordedEvent): Set<string> {
    const { streamName } = event;
    const affected = new Set<string>();
    if (streamName === `${contributionPrefix}${this.options.viewId}`) {
      this.applyViewEvent(event as RecordedEvent<ContributionEvent>, affected);
    } else if (streamName.startsWith(contributionPrefix)) {
      this.applyContributionEvent(event as RecordedEvent<ContributionEvent>, affected);
    } else if (streamName.startsWith('author-')) {
      this.applyAuthorEvent(event, affected);
    } else if (streamName.startsWith('reads-')) {
      const data = event.data as { authorId?: string; contributionId?: string };
      if (event.type === 'ReadMarked' && data.authorId === this.options.reader.authorId && typeof data.contributionId === 'string') {
        const instants = this.readInstants.get(data.contributionId);
        if (instants) instants.push(event.metadata.at);
        else this.readInstants.set(data.contributionId, [event.metadata.at]);
        const last = this.reads.get(data.contributionId);
        if (last === undefined || event.metadata.at > last) {
          this.reads.set(data.contributionId, event.metadata.at);
          this.targets.delete(data.contributionId);
        }
      }
    }
    return affected;
  }

  /** The reader's last read of a contribution at or before `time` (reads are not steps: frames ask). */
  lastReadAt(contributionId: string, time: string): string | undefined {
    let last: string | undefined;
    for (const at of this.readInstants.get(contributionId) ?? []) if (at <= time && (last === undefined || at > last)) last = at;
    return last;
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
        const same =
          before && before.permission === next.permission && before.group === next.group && before.authors.join() === next.authors.join();
        if (!same) this.hideAll(affected);
      }
    }
  }

  /** Every ref must be re-derived (the reader's role, or the view's access, changed). */
  private hideAll(affected: Set<string>): void {
    this.targets.clear();
    for (const refId of this.links.keys()) affected.add(refId);
  }

  /** Re-derive the refs of contributions matching `touched`. */
  private touch(affected: Set<string>, touched: (doc: ContributionDocument | undefined) => boolean): void {
    for (const link of this.links.values()) {
      if (!touched(this.docs.get(link.to))) continue;
      this.targets.delete(link.to);
      affected.add(link._id);
    }
  }

  private applyContributionEvent(event: RecordedEvent<ContributionEvent>, affected: Set<string>): void {
    const id = event.streamName.slice(contributionPrefix.length);
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
        if (next.type === 'promisingIdeaobj') this.trackIdea(id, next, affected);
        const innerView = innerViewOf(next);
        if (innerView !== null) this.riseAboveOf.set(innerView, id);
        this.targets.delete(id);
        for (const refId of this.refsByTarget.get(id) ?? []) affected.add(refId);
        if (next.type === 'Group' && this.view?.group === id) this.hideAll(affected);
        else if (next.type === 'Group') this.touch(affected, (doc) => doc?.group === id);
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
    if (!current || current.name !== next.name) this.touch(affected, (doc) => doc?.authors.includes(authorId) === true);
  }

  /** Whether a note held an active promising idea at the replayed instant. */
  holdsPromisingIdea(noteId: string): boolean {
    return (this.ideasByNote.get(noteId)?.size ?? 0) > 0;
  }

  /** An idea created or made inactive: its note's refs show or lose the mark. */
  private trackIdea(ideaId: string, idea: { status: string; data: Readonly<Record<string, unknown>> }, affected: Set<string>): void {
    const noteId = idea.data.noteId;
    if (typeof noteId !== 'string') return;
    let ideas = this.ideasByNote.get(noteId);
    if (!ideas) this.ideasByNote.set(noteId, (ideas = new Set()));
    const before = ideas.size;
    if (idea.status === 'active') ideas.add(ideaId);
    else ideas.delete(ideaId);
    if (before > 0 === ideas.size > 0) return;
    this.targets.delete(noteId);
    for (const refId of this.refsByTarget.get(noteId) ?? []) affected.add(refId);
  }

  private indexArrow(contributionId: string, linkId: string): void {
    let set = this.arrowsByContribution.get(contributionId);
    if (!set) this.arrowsByContribution.set(contributionId, (set = new Set()));
    set.add(linkId);
  }
}
