import { applyStep as applySceneStep, revertStep as revertSceneStep } from '../../../contracts/timeMachineSteps.ts';
import type { TimeMachineStepKind } from '../../../contracts/api/timemachine.ts';
import type { ViewLink, ViewRef } from '../../../contracts/api/views.ts';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import { readState } from '../../../projections/reads/index.ts';
import { ReplayCaptions } from './replayCaptions.ts';
import { ReplaySight } from './replaySight.ts';
import type { FrameEntry, LinkDelta, ReplayOptions, ReplayStep } from './replayTypes.ts';
import { ReplayWorld } from './replayWorld.ts';

export type { ReplayOptions, ReplayReader, ReplayStep } from './replayTypes.ts';

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

/** The delta of most steps, shared. */
const noLinks: LinkDelta = Object.freeze({ added: [], removed: [] });
type Checkpoint = { refs: Map<string, ViewRef>; links: Map<string, ViewLink> };

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

  // ---- the reader's frame after the last step ----
  private readonly frame = new Map<string, FrameEntry>();
  private readonly shownArrows = new Map<string, ViewLink>();
  private readonly presence = new Map<string, number>();
  private readonly world: ReplayWorld;
  private readonly sight: ReplaySight;
  private readonly captions: ReplayCaptions;

  /** Whether names show last name first in this replay. */
  get lastNameFirst(): boolean {
    return this.options.lastNameFirst ?? false;
  }

  constructor(private readonly options: ReplayOptions) {
    this.every = options.checkpointEvery ?? 128;
    this.world = new ReplayWorld(options);
    this.sight = new ReplaySight(this.world, options);
    this.captions = new ReplayCaptions(this.world, this.sight, options);
  }

  get count(): number {
    return this.steps.length;
  }

  /** Feeds events in global order; events at or before the last consumed position are ignored. */
  consume(events: Iterable<RecordedEvent>): void {
    for (const event of events) {
      if (event.globalPosition <= this.lastPosition) continue;
      this.lastPosition = event.globalPosition;
      this.emit(event, this.world.apply(event));
    }
  }

  /**
   * The frame after step `index` (−1 = empty): refs sorted by creation, arrows
   * by id. Reads are not steps, so each ref's read state is taken as of `time`
   * (by default the step's instant): the reader's last read of it then against
   * the version shown, as the canvas showed it at that instant.
   */
  frameAt(index: number, time?: string): { refs: ViewRef[]; links: ViewLink[] } {
    if (index < -1 || index >= this.steps.length) throw new RangeError(`frame ${index} of ${this.steps.length}`);
    const c = Math.floor((index + 1) / this.every);
    const checkpoint = this.checkpoints[c] as Checkpoint;
    const refs = new Map(checkpoint.refs);
    const links = new Map(checkpoint.links);
    for (let i = c * this.every; i <= index; i++) applyStep(refs, links, this.steps[i] as ReplayStep);
    const asOf = time ?? this.steps[index]?.time;
    const shown = [...refs.values()].map((ref) => {
      if (asOf === undefined) return ref;
      const last = this.world.lastReadAt(ref.to, asOf);
      const read = readState(last === undefined ? undefined : { last }, ref._to.modified);
      return read === ref._to.read ? ref : { ...ref, _to: { ...ref._to, read } };
    });
    return { refs: shown.sort(compareRefs), links: [...links.values()].sort(compareIds) };
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

  private emit(event: RecordedEvent, affected: Set<string>): void {
    const before = this.steps.length;
    const ids = affected.size > 1 ? [...affected].sort() : affected;
    for (const refId of ids) {
      const previous = this.frame.get(refId);
      const entry = this.sight.represent(refId);
      if (!previous && !entry) continue;
      if (previous && entry && previous.dataSig === entry.dataSig && previous.targetSig === entry.targetSig) continue;
      const next = entry?.ref ?? null;
      const to = (next ?? previous?.ref)?.to as string;
      if (entry) this.frame.set(refId, entry);
      else this.frame.delete(refId);
      const first = this.steps.length === before && this.world.dirtyArrows.size > 0;
      const was = this.presence.get(to) ?? 0;
      const count = was + (next ? 1 : 0) - (previous ? 1 : 0);
      this.presence.set(to, count);
      const incident = count > 0 !== was > 0 ? this.world.arrowsByContribution.get(to) : undefined;
      let delta = noLinks;
      if (first || (incident && incident.size > 0)) {
        const candidates = new Set<string>(first ? this.world.dirtyArrows : []);
        for (const id of incident ?? []) candidates.add(id);
        delta = this.arrowDelta(candidates);
      }
      this.push(event, refId, previous?.ref ?? null, next, delta);
    }
    if (this.steps.length === before && this.world.dirtyArrows.size > 0) {
      // An arrow appeared or vanished among shown refs, nothing else changed: a step of its `from` ref.
      const delta = this.arrowDelta(new Set(this.world.dirtyArrows));
      const changed = delta.added[0] ?? delta.removed[0];
      if (changed) {
        const entry =
          [...this.frame.values()].find((e) => e.ref.to === changed.from) ?? [...this.frame.values()].find((e) => e.ref.to === changed.to);
        if (entry) this.push(event, entry.ref._id, entry.ref, entry.ref, delta);
      }
    }
    this.world.dirtyArrows.clear();
  }

  private arrowDelta(candidates: Set<string>): LinkDelta {
    const added: ViewLink[] = [];
    const removed: ViewLink[] = [];
    for (const id of [...candidates].sort()) {
      const link = this.world.arrows.get(id);
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
    const { action, other } = this.captions.describe(event, before, after, links);
    this.steps.push({
      position: event.globalPosition,
      time,
      actorId: event.metadata.actorId,
      actorName: this.sight.actorName(event.metadata.actorId),
      kind,
      refId,
      contributionId: shown.to,
      title: after ? after._to.title : (this.world.docs.get(shown.to)?.title ?? before?._to.title ?? ''),
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
