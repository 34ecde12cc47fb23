import type { TimeMachineStepAction, TimeMachineStepOther } from '../../../contracts/api/timemachine.ts';
import type { ViewRef } from '../../../contracts/api/views.ts';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import type { ReplaySight } from './replaySight.ts';
import type { LinkDelta, ReplayOptions } from './replayTypes.ts';
import { contributionPrefix, type ReplayWorld } from './replayWorld.ts';

/**
 * A ref removed from the view this soon after its contribution was placed in
 * another view by the same person is a move into that view (a rise-above
 * writes the inner view's refs, then removes the originals, in one request).
 */
const moveWindowMs = 5_000;
/** Events that make a contribution appear as newly published. */
const publishing: ReadonlySet<string> = new Set(['NoteContributed', 'DrawingSaved', 'ContributionStatusChanged', 'ContributionCreated']);

type Caption = { action: TimeMachineStepAction; other: TimeMachineStepOther | null };

/**
 * What a step did (issue 21 §8), from the event that caused it and the ref
 * before and after: the captions say "moved into the rise-above « … »",
 * not "deleted", and "built on « … »", not "created".
 */
export class ReplayCaptions {
  constructor(
    private readonly world: ReplayWorld,
    private readonly sight: ReplaySight,
    private readonly options: ReplayOptions,
  ) {}

  /** Where a ref removed by `event` went, when its contribution was just placed in another view by the same person. */
  private movedTo(event: RecordedEvent, contributionId: string): Caption | null {
    const placed = this.world.placedElsewhere.get(contributionId);
    if (!placed || placed.actorId !== event.metadata.actorId || Math.abs(Date.parse(event.metadata.at) - placed.at) > moveWindowMs) {
      return null;
    }
    const riseAbove = this.world.riseAboveOf.get(placed.viewId);
    const other = this.sight.otherOf(riseAbove ?? placed.viewId);
    if (!other) return null;
    return { action: riseAbove ? 'movedInto' : 'movedIntoView', other };
  }

  describe(event: RecordedEvent, before: ViewRef | null, after: ViewRef | null, links: LinkDelta): Caption {
    const { world, sight } = this;
    const type = event.type;
    const inView = event.streamName === `${contributionPrefix}${this.options.viewId}`;
    const contributionId = ((after ?? before) as ViewRef).to;
    if (!before && after) {
      if (after._to.riseaboveViewId) return { action: 'risenAbove', other: null };
      const doc = world.docs.get(contributionId);
      const isNew = (inView && type === 'LinkCreated' && doc?.created === event.metadata.at) || (!inView && publishing.has(type));
      if (isNew) {
        const parent = [...(world.arrowsByContribution.get(contributionId) ?? [])]
          .map((id) => world.arrows.get(id))
          .find((link) => link?.type === 'buildson' && link.from === contributionId);
        const other = sight.otherOf(parent?.to);
        return other ? { action: 'builtOn', other } : { action: 'contributed', other: null };
      }
      if (inView && type === 'LinkCreated') return { action: 'placed', other: null };
      return { action: type === 'PermissionChanged' ? 'shared' : 'shown', other: null };
    }
    if (before && !after) {
      if (inView && type === 'LinkDeleted') return this.movedTo(event, contributionId) ?? { action: 'removed', other: null };
      if (!inView && world.docs.get(contributionId)?.status === 'inactive') return { action: 'deleted', other: null };
      return { action: type === 'PermissionChanged' ? 'unshared' : 'hidden', other: null };
    }
    const was = before as ViewRef;
    const now = after as ViewRef;
    if (was === now) {
      // Only an arrow changed: name the contribution at its other end.
      const link = links.added[0] ?? links.removed[0];
      const other = sight.otherOf(link ? (link.from === contributionId ? link.to : link.from) : undefined);
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
}
