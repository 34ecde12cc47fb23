import { membersOfGroup } from '../../domain/access/permissions.ts';
import { personName } from '../../../contracts/personName.ts';
import { lastNameFirstIn, promisingOnIn } from '../authors/nameOrder.ts';
import { createHash } from 'node:crypto';
import type { Author } from '../../../contracts/api/communities.ts';
import {
  type TimeMachineDeltaStep,
  type TimeMachineFrameReply,
  type TimeMachineHistoryReply,
  type TimeMachineStep,
  type TimeMachineStepsReply,
} from '../../../contracts/api/timemachine.ts';
import { authorStreamName } from '../../../contracts/events/author.ts';
import { canRead, canWrite, type AccessObject, type AccessSubject } from '../../../contracts/permissions.ts';
import { contributionsCollectionName, type ContributionDocument } from '../../../projections/contributions/index.ts';
import { usersCollectionName, type UserDocument } from '../../../projections/users/index.ts';
import type { EventStore } from '../../core/eventStore.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../core/errors.ts';
import type { ReadStore } from '../../core/readStore.ts';
import type { CommunityAccess, CommunityAccessGrant } from '../communities/access.ts';
import { authorIdFor } from '../communities/authorId.ts';
import { actingAuthor } from '../communities/authorReply.ts';
import { toCommunityInfo } from '../communities/communityService.ts';
import type { KbdexOptions } from '../../domain/research/kbdex.ts';
import { communityKbdexRows, namesFromUserStreams, kbdexCsv } from './kbdex.ts';
import { ViewReplay, type ReplayStep } from './replay.ts';
import { ViewSource } from './viewSource.ts';
import { msg } from '../../../contracts/messageCodes.ts';

export type TimeMachineOptions = {
  /** Views whose events are kept in memory (least recently used dropped first). */
  maxViews?: number;
  /** (view, reader) replays kept in memory. */
  maxReplays?: number;
  /** A frame copy every this many steps. */
  checkpointEvery?: number;
};

/** Reads of one member (contracts/events/read.ts names them the same way). */
const readsStream = (authorId: string): string => `reads-${authorId}`;

/** The time between frame −1 and the first step (fact sheet §2.2). */
export const leadInMs = 6_000;

/** A tiny least-recently-used map. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
  clear(): void {
    this.map.clear();
  }
}

type ReplayEntry = { source: ViewSource; generation: number; replay: ViewReplay; userNames: Map<string, string> };

type Gate = { view: ContributionDocument; grant: CommunityAccessGrant; authorId: string; editable: boolean };

/**
 * The time machine's use case: the gate (a member who may read the view), the
 * per-view event cache and the per-reader replays with their checkpoints.
 * Every request first brings the view's events up to the head of the log, so
 * a replay is extended by what happened since (or rebuilt, when a newly
 * placed contribution brings older events with it).
 */
export class TimeMachineService {
  private readonly sources: Lru<ViewSource>;
  private readonly replays: Lru<ReplayEntry>;
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly deps: { eventStore: EventStore; readStore: ReadStore; access: CommunityAccess },
    private readonly options: TimeMachineOptions = {},
  ) {
    this.sources = new Lru(options.maxViews ?? 16);
    this.replays = new Lru(options.maxReplays ?? 64);
  }

  private get contributions() {
    return this.deps.readStore.collection<ContributionDocument>(contributionsCollectionName);
  }

  /** 404 unknown view; 403 non-member or a view the caller may not read. */
  async gate(user: UserDocument, viewId: string): Promise<Gate> {
    const view = await this.contributions.get(viewId);
    if (!view || view.type !== 'View' || view.status !== 'active') throw new NotFoundError(msg('timeMachine.viewNotFound'));
    let grant: CommunityAccessGrant;
    try {
      grant = await this.deps.access.member(user, view.communityId);
    } catch (error) {
      if (error instanceof NotFoundError) throw new NotFoundError(msg('timeMachine.viewNotFound'));
      throw error;
    }
    const group = view.group ? await this.contributions.get(view.group) : null;
    const members = membersOfGroup(group);
    const subject = { authorId: grant.author?._id ?? null, isManager: grant.isManager };
    const object = { permission: view.permission, authors: view.authors, groupMembers: members };
    if (!canRead(subject, object)) throw new ForbiddenError();
    return { view, grant, authorId: grant.author?._id ?? authorIdFor(view.communityId, user._id), editable: canWrite(subject, object) };
  }

  /** Runs `task` after the previous task of the same view (one refresh at a time). */
  private serial<T>(viewId: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(viewId) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    this.queues.set(viewId, settled);
    void settled.then(() => {
      if (this.queues.get(viewId) === settled) this.queues.delete(viewId);
    });
    return next;
  }

  /** The caller's replay of a view, up to date with the log. */
  async replayFor(user: UserDocument, gate: Gate): Promise<ViewReplay> {
    const { view, authorId, grant } = gate;
    return this.serial(view._id, async () => {
      let source = this.sources.get(view._id);
      if (!source) {
        source = new ViewSource(
          this.deps.eventStore,
          view._id,
          view.communityId,
          (userId) => authorIdFor(view.communityId, userId),
          (noteIds) => this.ideasOf(view.communityId, noteIds),
        );
        this.sources.set(view._id, source);
      }
      await source.refresh([authorStreamName(authorId), readsStream(authorId)]);
      const now = await this.now(gate, [view._id, ...source.placedIds()]);
      // A replay holds what was visible then and is visible now: when the reader or what they may read now changes, it is another replay.
      const readableNow = [...now.states]
        .filter(([, state]) => canRead(now.reader, state))
        .map(([id]) => id)
        .sort();
      // Names show in today's order (`flipname`), the promising mark with today's plugin: turning either over is another replay too.
      const lastNameFirst = await lastNameFirstIn(this.deps.readStore, grant.community);
      const promisingOn = await promisingOnIn(this.deps.readStore, grant.community);
      const key = `${view._id}:${user._id}:${createHash('sha256')
        .update(JSON.stringify([now.reader, readableNow, lastNameFirst, promisingOn]))
        .digest('base64url')}`;
      let entry = this.replays.get(key);
      if (!entry || entry.source !== source || entry.generation !== source.generation) {
        const userNames = new Map<string, string>();
        entry = {
          source,
          generation: source.generation,
          userNames,
          replay: new ViewReplay({
            viewId: view._id,
            communityId: view.communityId,
            reader: { authorId, userId: user._id, isAdmin: grant.isAdmin },
            userNames,
            lastNameFirst,
            promisingOn,
            authorIdOf: (userId) => authorIdFor(view.communityId, userId),
            now,
            checkpointEvery: this.options.checkpointEvery,
          }),
        };
        this.replays.set(key, entry);
      }
      const start = source.indexAfter(entry.replay.lastPosition);
      if (start < source.events.length) {
        await this.resolveUserNames(entry.userNames, source, start, entry.replay.lastNameFirst);
        entry.replay.consume(source.events.slice(start));
      }
      return entry.replay;
    });
  }

  /** The promising ideas ever made (deleted ones too) on these notes of the community (issue 14 §3). */
  private async ideasOf(communityId: string, noteIds: readonly string[]): Promise<string[]> {
    if (noteIds.length === 0) return [];
    const ideas = await this.contributions.find(
      { 'data.noteId': { $in: [...noteIds] }, communityId, type: 'promisingIdeaobj' },
      { projection: { _id: 1 } },
    );
    return ideas.map((idea) => idea._id);
  }

  /**
   * The caller and these contributions (the view and what was ever placed on
   * it) as they are now, for the one rule of the past (`mayReadPast`): a note
   * made private since, moved to a group the caller is not in, or readable
   * then only as a manager by a manager since demoted, is hidden from the
   * whole replay.
   */
  private async now(gate: Gate, ids: string[]): Promise<{ reader: AccessSubject; states: Map<string, AccessObject> }> {
    const docs = await this.contributions.find({ _id: { $in: ids } });
    const groupIds = [...new Set(docs.map((doc) => doc.group).filter((id): id is string => typeof id === 'string'))];
    const groups = groupIds.length > 0 ? await this.contributions.find({ _id: { $in: groupIds } }) : [];
    const members = new Map(groups.map((group) => [group._id, membersOfGroup(group)]));
    const states = new Map<string, AccessObject>(
      docs.map((doc) => [
        doc._id,
        { permission: doc.permission, authors: doc.authors, groupMembers: doc.group ? (members.get(doc.group) ?? []) : [] },
      ]),
    );
    return { reader: { authorId: gate.grant.author?._id ?? null, isManager: gate.grant.isManager }, states };
  }

  /** Names of actors (user ids) among the new events, for those who are not members (admins). */
  private async resolveUserNames(names: Map<string, string>, source: ViewSource, start: number, lastNameFirst: boolean): Promise<void> {
    const missing = new Set<string>();
    for (let i = start; i < source.events.length; i++) {
      const actorId = source.events[i]?.metadata.actorId;
      if (actorId && !names.has(actorId)) missing.add(actorId);
    }
    if (missing.size === 0) return;
    const users = await this.deps.readStore.collection<UserDocument>(usersCollectionName).find({ _id: { $in: [...missing] } });
    for (const id of missing) names.set(id, '');
    for (const user of users) names.set(user._id, personName(user, lastNameFirst));
  }

  private me(user: UserDocument, gate: Gate): Author {
    return actingAuthor(gate.grant, user);
  }

  /** GET /api/timemachine/{viewId}: the header and every step (without deltas). */
  async history(user: UserDocument, viewId: string): Promise<TimeMachineHistoryReply> {
    const gate = await this.gate(user, viewId);
    const replay = await this.replayFor(user, gate);
    const steps: TimeMachineStep[] = replay.steps.map((step, index) => ({
      index,
      position: step.position,
      time: step.time,
      actorId: step.actorId,
      actorName: step.actorName,
      kind: step.kind,
      refId: step.refId,
      contributionId: step.contributionId,
      title: step.title,
      action: step.action,
      other: step.other,
    }));
    const { view } = gate;
    return {
      view: {
        _id: view._id,
        communityId: view.communityId,
        title: view.title,
        created: view.created,
        modified: view.modified,
        permission: view.permission,
        status: view.status,
      },
      community: toCommunityInfo(gate.grant.community),
      me: this.me(user, gate),
      readOnly: !gate.editable,
      startsAt: startsAt(replay),
      endsAt: replay.steps[replay.steps.length - 1]?.time ?? null,
      steps,
    };
  }

  /** GET /api/timemachine/{viewId}/frame/{index}. */
  async frame(user: UserDocument, viewId: string, index: number): Promise<TimeMachineFrameReply> {
    const replay = await this.replayFor(user, await this.gate(user, viewId));
    if (index >= replay.count) throw new NotFoundError(msg('timeMachine.frameOutOfRange'));
    return frameReply(viewId, replay, index);
  }

  /** GET /api/timemachine/{viewId}/at?time=: the frame in force at that instant. */
  async at(user: UserDocument, viewId: string, time: string): Promise<TimeMachineFrameReply> {
    const ms = Date.parse(time);
    if (!/^\d{4}-\d\d-\d\d/.test(time) || Number.isNaN(ms)) throw ValidationError.field('time', msg('timeMachine.badTime'));
    const replay = await this.replayFor(user, await this.gate(user, viewId));
    const at = new Date(ms).toISOString();
    return frameReply(viewId, replay, replay.indexAt(at), at);
  }

  /** GET /api/timemachine/{viewId}/steps?from=&count=: steps with their deltas, for local playback. */
  async steps(user: UserDocument, viewId: string, from = 0, count = 1000): Promise<TimeMachineStepsReply> {
    const replay = await this.replayFor(user, await this.gate(user, viewId));
    const steps: TimeMachineDeltaStep[] = replay.steps
      .slice(from, from + count)
      .map((step: ReplayStep, i) => ({ index: from + i, ...step }));
    return { from, total: replay.count, steps };
  }

  /**
   * The researchers' KBDeX CSV of a community (kbdex.ts) and how many rows it
   * has. No grant here: the route lets managers and admins in, the operator
   * CLI needs none.
   */
  async kbdex(communityId: string, options: KbdexOptions = {}): Promise<{ rows: number; csv: string }> {
    const rows = await communityKbdexRows(this.deps.readStore, communityId, options, namesFromUserStreams(this.deps.eventStore));
    return { rows: rows.length, csv: kbdexCsv(rows) };
  }

  /** Drops every cached view and replay (tests, benchmarks). */
  clear(): void {
    this.sources.clear();
    this.replays.clear();
  }
}

const startsAt = (replay: ViewReplay): string | null => {
  const first = replay.steps[0];
  return first ? new Date(Date.parse(first.time) - leadInMs).toISOString() : null;
};

/** A frame; `at` (the instant asked for) sets the read states, by default the step's instant. */
const frameReply = (viewId: string, replay: ViewReplay, index: number, at?: string): TimeMachineFrameReply => {
  const { refs, links } = replay.frameAt(index, at);
  return {
    viewId,
    index,
    count: replay.count,
    time: index < 0 ? startsAt(replay) : (replay.steps[index] as ReplayStep).time,
    refs,
    links,
  };
};
