import { membersOfGroup } from '../../domain/access/permissions.ts';
import { authorStreamName } from '../../../contracts/events/author.ts';
import { contributionStreamName, type ContributionEvent } from '../../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import { innerViewOf } from '../../domain/view/riseAbove.ts';
import type { EventStore } from '../../core/eventStore.ts';

/**
 * The events a view's time machine replays, in global order: the view's own
 * stream (its `contains` links), the stream of every contribution ever placed
 * on it (and of the inner view of each rise-above placed on it), of every group such a contribution was ever shared with, of every
 * author who wrote one, was in such a group or made one of these changes, and
 * of the readers who opened it (their membership and reads).
 *
 * Streams are discovered from the events themselves (a placement names its
 * target, a target names its group and authors …) and read whole, once. Later
 * calls to `refresh` read only the global log after the last position seen:
 * events of known streams are appended (replays resume from there); a newly
 * discovered stream is read whole and merged in order, and `generation` is
 * bumped when that inserts events before what replays already consumed (they
 * must then start over).
 */
export class ViewSource {
  events: RecordedEvent[] = [];
  /** Every event of the known streams up to this global position is in `events`. */
  position = 0;
  /** Bumped when events were inserted before `position`: replays built earlier are stale. */
  generation = 0;
  private loaded = false;
  private readonly streams = new Set<string>();
  /** Streams read only for one reader (their reads, their membership): others ignore them. */
  private readonly readerOnly = new Set<string>();
  private readonly authorIds = new Map<string, string>();

  constructor(
    private readonly store: EventStore,
    readonly viewId: string,
    readonly communityId: string,
    private readonly authorIdOf: (userId: string) => string,
    /**
     * The promising ideas (ever made, deleted ones too) of these notes
     * (issue 14 §3): an idea's stream names its note, not the other way
     * round, so a read model says which idea streams to read.
     */
    private readonly ideasOf: (noteIds: readonly string[]) => Promise<string[]> = () => Promise.resolve([]),
  ) {}

  /** Every contribution ever placed on the view (the targets of its `contains` links), as far as loaded. */
  placedIds(): string[] {
    return this.placedIn(this.events);
  }

  private placedIn(events: readonly RecordedEvent[]): string[] {
    const viewStream = contributionStreamName(this.viewId);
    const ids = new Set<string>();
    for (const event of events) {
      if (event.streamName !== viewStream || event.type !== 'LinkCreated') continue;
      const data = event.data as { type?: unknown; to?: unknown };
      if (data.type === 'contains' && typeof data.to === 'string') ids.add(data.to);
    }
    return [...ids];
  }

  /** Number of streams read, for figures. */
  get streamCount(): number {
    return this.streams.size;
  }

  /** Brings the events up to the head of the log, with `readerStreams` read too. */
  async refresh(readerStreams: readonly string[] = []): Promise<void> {
    const head = await this.store.headPosition();
    const previous = this.position;
    const toLoad = new Map<string, boolean>();
    if (!this.loaded) toLoad.set(contributionStreamName(this.viewId), false);
    for (const stream of readerStreams) if (!this.streams.has(stream)) toLoad.set(stream, true);

    const appended: RecordedEvent[] = [];
    if (this.loaded && head > this.position) {
      let after = this.position;
      while (after < head) {
        const batch = await this.store.readAll({ after, maxCount: 5_000 });
        if (batch.length === 0) break;
        for (const event of batch) {
          if (event.globalPosition > head) break;
          if (this.streams.has(event.streamName)) appended.push(event);
        }
        after = (batch[batch.length - 1] as RecordedEvent).globalPosition;
      }
    }
    let stale = this.discover(appended, toLoad);

    const inserted: RecordedEvent[] = [];
    for (;;) {
      if (toLoad.size === 0) {
        // Every stream found so far is read: then the streams of the placed notes' ideas not read yet.
        for (const ideaId of await this.ideasOf(this.placedIn([...this.events, ...appended, ...inserted]))) {
          const stream = contributionStreamName(ideaId);
          if (!this.streams.has(stream)) toLoad.set(stream, false);
        }
        if (toLoad.size === 0) break;
      }
      const batch = [...toLoad];
      toLoad.clear();
      for (const [stream, onlyForReader] of batch) {
        this.streams.add(stream);
        if (onlyForReader) this.readerOnly.add(stream);
      }
      const read = await Promise.all(batch.map(([stream]) => this.store.readStream(stream)));
      const found: RecordedEvent[] = [];
      read.forEach((result, i) => {
        const onlyForReader = (batch[i] as [string, boolean])[1];
        for (const event of result.events) {
          if (event.globalPosition > head) break;
          found.push(event);
          if (!onlyForReader && event.globalPosition <= previous) stale = true;
        }
      });
      inserted.push(...found);
      if (this.discover(found, toLoad)) stale = true;
    }

    if (inserted.length > 0) {
      this.events = [...this.events, ...appended, ...inserted].sort((a, b) => a.globalPosition - b.globalPosition);
    } else if (appended.length > 0) {
      this.events.push(...appended);
    }
    if (stale && this.loaded) this.generation++;
    this.loaded = true;
    this.position = Math.max(head, this.position);
  }

  /** Index of the first event after `position`. */
  indexAfter(position: number): number {
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.events[mid] as RecordedEvent).globalPosition <= position) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private authorStream(userId: string): string {
    let authorId = this.authorIds.get(userId);
    if (authorId === undefined) {
      authorId = this.authorIdOf(userId);
      this.authorIds.set(userId, authorId);
    }
    return authorStreamName(authorId);
  }

  /**
   * Adds to `toLoad` the streams these events lead to. Returns true when one of
   * them had been read only for a reader (every replay must now see it).
   */
  private discover(events: readonly RecordedEvent[], toLoad: Map<string, boolean>): boolean {
    let promoted = false;
    const need = (stream: string) => {
      if (this.readerOnly.has(stream)) {
        this.readerOnly.delete(stream);
        promoted = true;
        return;
      }
      if (!this.streams.has(stream)) toLoad.set(stream, false);
    };
    const viewStream = contributionStreamName(this.viewId);
    for (const event of events) {
      if (this.readerOnly.has(event.streamName)) continue;
      if (event.metadata.actorId) need(this.authorStream(event.metadata.actorId));
      if (!event.streamName.startsWith('contribution-')) continue;
      const e = event as RecordedEvent<ContributionEvent>;
      if (event.streamName === viewStream) {
        if (e.type === 'LinkCreated' && e.data.type === 'contains') need(contributionStreamName(e.data.to));
        // The view's own group: who could open the view then (issue 20 §4).
        if ((e.type === 'ContributionCreated' || e.type === 'PermissionChanged') && e.data.group) {
          need(contributionStreamName(e.data.group));
        }
        continue;
      }
      switch (e.type) {
        case 'ContributionCreated': {
          if (e.data.group) need(contributionStreamName(e.data.group));
          // A rise-above's inner view: its refs say which notes moved into it (issue 21 §8 captions).
          const inner = innerViewOf(e.data);
          if (inner !== null && inner !== this.viewId) need(contributionStreamName(inner));
          for (const authorId of e.data.authors) need(authorStreamName(authorId));
          if (e.data.type === 'Group') for (const member of membersOfGroup(e.data)) need(authorStreamName(member));
          break;
        }
        case 'PermissionChanged':
          if (e.data.group) need(contributionStreamName(e.data.group));
          break;
        case 'CoauthorAdded':
        case 'GroupMemberAdded':
          need(authorStreamName(e.data.authorId));
          break;
        default:
          break;
      }
    }
    return promoted;
  }
}
