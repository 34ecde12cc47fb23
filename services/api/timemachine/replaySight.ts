import type { TimeMachineStepOther } from '../../../contracts/api/timemachine.ts';
import { seesAsManager, type RoleInCommunity } from '../../domain/access/researcher.ts';
import type { RefTarget, ViewRef } from '../../../contracts/api/views.ts';
import type { ContributionDocument } from '../../../projections/contributions/index.ts';
import { readState } from '../../../projections/reads/index.ts';
import { mayReadPast } from '../../domain/access/mayReadPast.ts';
import { accessObject, membersOfGroup, type AccessObject, type AccessSubject } from '../../domain/access/permissions.ts';
import { toRefData } from '../../domain/view/refData.ts';
import { isOnCanvas, shapeRefTarget } from '../../domain/view/refTarget.ts';
import type { FrameEntry, ReplayOptions } from './replayTypes.ts';
import type { ReplayWorld } from './replayWorld.ts';

/** What the canvas draws of a target, minus what changes without being a step (modified, read, favourite). */
const targetSignatureOf = (target: RefTarget): string => {
  const { modified: _m, read: _r, favourite: _f, ...shown } = target;
  return JSON.stringify(shown);
};

/**
 * What the replay's reader sees of its world at the replayed instant: the
 * access rule of the past (`mayReadPast`) with the reader's role then, and
 * each placed contribution shaped by the one shaper of the canvas
 * (`shapeRefTarget`, services/domain/view/refTarget.ts).
 */
export class ReplaySight {
  private readonly actorAuthorIds = new Map<string, string>();

  constructor(
    private readonly world: ReplayWorld,
    private readonly options: ReplayOptions,
  ) {}

  private get isManager(): boolean {
    return this.options.reader.isAdmin || seesAsManager(this.world.readerRole as RoleInCommunity);
  }

  private accessOf(doc: ContributionDocument): AccessObject {
    return accessObject(doc, doc.group ? membersOfGroup(this.world.docs.get(doc.group)) : []);
  }

  /** `mayReadPast` for a contribution as it is in the replayed world, with the reader's role then. */
  mayRead(doc: ContributionDocument): boolean {
    const { reader, now } = this.options;
    // Not a member yet: an outsider, who sees what was open to the whole community then.
    const then: AccessSubject = { authorId: this.world.readerRole === null ? null : reader.authorId, isManager: this.isManager };
    const stateThen = this.accessOf(doc);
    return mayReadPast({ then, now: now?.reader ?? then }, stateThen, now ? (now.states.get(doc._id) ?? null) : stateThen);
  }

  /** The placed contribution as the reader sees it then, or null when hidden. */
  private targetOf(contributionId: string): RefTarget | null {
    const { world } = this;
    const doc = world.docs.get(contributionId);
    if (!doc || !isOnCanvas(doc, this.options.communityId)) return null;
    // A canvas the reader could not open then (or can no longer open as it was then) shows nothing of that time.
    if (world.view && !this.mayRead(world.view)) return null;
    if (!this.mayRead(doc)) return null;
    const group = doc.group ? world.docs.get(doc.group) : undefined;
    const last = world.reads.get(doc._id);
    return shapeRefTarget(
      doc,
      { authorId: this.options.reader.authorId, userId: this.options.reader.userId },
      {
        authorName: (id) => world.authors.get(id)?.name ?? '',
        groupTitle: group ? group.title : null,
        read: readState(last === undefined ? undefined : { last }, doc.modified),
        holdsPromisingIdea: this.options.promisingOn === true && world.holdsPromisingIdea(doc._id),
      },
    );
  }

  /** The ref as the reader sees it then (null when it is gone or hidden), with its visible signature. */
  represent(refId: string): FrameEntry | null {
    const link = this.world.links.get(refId);
    if (!link) return null;
    let target = this.world.targets.get(link.to);
    if (target === undefined) {
      const computed = this.targetOf(link.to);
      target = computed ? { target: computed, sig: targetSignatureOf(computed) } : null;
      this.world.targets.set(link.to, target);
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

  /** A contribution the reader may name in a caption: active and readable then (null otherwise). */
  otherOf(contributionId: string | undefined): TimeMachineStepOther | null {
    const doc = contributionId === undefined ? undefined : this.world.docs.get(contributionId);
    if (!doc || doc.status !== 'active' || !this.mayRead(doc)) return null;
    return { contributionId: doc._id, title: doc.title };
  }

  /** The name of whoever caused an event: their membership's, else their user name (admins). */
  actorName(actorId: string | null): string {
    if (!actorId) return '';
    let authorId = this.actorAuthorIds.get(actorId);
    if (authorId === undefined) {
      authorId = this.options.authorIdOf(actorId);
      this.actorAuthorIds.set(actorId, authorId);
    }
    return this.world.authors.get(authorId)?.name ?? this.options.userNames?.get(actorId) ?? '';
  }
}
