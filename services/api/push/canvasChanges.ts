import type { ViewRef } from '../../../contracts/api/views.ts';
import type { ContributionEvent } from '../../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import type { PushServerMessage } from '../../../contracts/push.ts';
import type { LinkDocument } from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { arrowLinkTypes } from '../../domain/links/linkRules.ts';
import { authorName, type CanvasReader, type Reader } from '../canvas/canvasReader.ts';
import { authorIdFor } from '../communities/authorId.ts';
import { refsFor } from '../canvas/queries/refsFor.ts';
import type { PushClient } from './clients.ts';

/** What the canvas changes need of the hub: its subscribers, and sending to them. */
export type HubRoom = {
  subscribersOf(viewId: string): ReadonlySet<PushClient> | undefined;
  isSubscribed(viewId: string): boolean;
  send(client: PushClient, message: PushServerMessage): void;
  /** A message serialised once (stamped with the event's position), for `sendText` to many sockets. */
  text(message: PushServerMessage): string;
  sendText(client: PushClient, text: string): void;
  /** Ends a subscription that lost its access, telling the client why. */
  drop(client: PushClient, viewId: string, error: unknown): void;
};

/**
 * Contribution and link events → the refs and arrows of subscribed views.
 * Every ref is shaped and filtered per subscriber by the canvas load's own
 * `refsFor` (canvas/queries/refsFor.ts, over the one shaper
 * `shapeRefTarget`), so a live canvas shows exactly what a reload would.
 */
export class CanvasChanges {
  constructor(
    private readonly room: HubRoom,
    private readonly loader: CanvasReader,
  ) {}

  /** Readers of the subscribers of a view (a subscriber who lost access is unsubscribed). */
  private async readersOf(viewId: string): Promise<{ client: PushClient; reader: Reader }[]> {
    const subscribed: { client: PushClient; user: UserDocument }[] = [];
    let communityId: string | undefined;
    for (const client of this.room.subscribersOf(viewId) ?? []) {
      const subscription = client.views.get(viewId);
      if (!client.user || !subscription) continue;
      subscribed.push({ client, user: client.user });
      communityId = subscription.communityId; // A view's subscribers all subscribed in its one community.
    }
    if (communityId === undefined) return [];
    // One reader per user: a member's several sockets (tabs, windows) share it.
    const userIndex = new Map<string, number>();
    const users: UserDocument[] = [];
    for (const { user } of subscribed) {
      if (userIndex.has(user._id)) continue;
      userIndex.set(user._id, users.length);
      users.push(user);
    }
    const answers = await this.loader.readers(users, communityId);
    const out: { client: PushClient; reader: Reader }[] = [];
    for (const { client, user } of subscribed) {
      const answer = answers[userIndex.get(user._id) ?? -1];
      if (answer?.status === 'fulfilled') out.push({ client, reader: answer.value });
      else this.room.drop(client, viewId, answer?.reason);
    }
    return out;
  }

  private async pushRefs(
    viewId: string,
    links: LinkDocument[],
    cause: 'placed' | 'changed' | 'target',
    actorId: string | null = null,
  ): Promise<void> {
    const readers = await this.readersOf(viewId);
    if (readers.length === 0) return;
    const changedBy = cause === 'changed' ? await this.memberName(readers, actorId) : null;
    // Shaped per reader (one per user), serialised once per reader, sent to each of that reader's sockets.
    const unique = [...new Set(readers.map((r) => r.reader))];
    const refs = await refsFor(this.loader, unique, links);
    const texts = new Map<Reader, string[]>();
    unique.forEach((reader, index) => {
      const visible = new Map((refs[index] ?? []).map((ref) => [ref._id, ref]));
      const out: string[] = [];
      for (const link of links) {
        const ref = visible.get(link._id);
        if (ref) out.push(this.room.text({ type: 'ref.saved', viewId, cause, ref, ...(changedBy ? { changedBy } : {}) }));
        // Placed but not visible to this reader: nothing to say. Changed and now
        // invisible (made private, inactive): it leaves this reader's canvas.
        else if (cause !== 'placed') out.push(this.room.text({ type: 'ref.removed', viewId, linkId: link._id }));
      }
      texts.set(reader, out);
    });
    for (const { client, reader } of readers) for (const text of texts.get(reader) ?? []) this.room.sendText(client, text);
    if (cause !== 'changed') await this.pushArrowsOf(viewId, readers, refs);
  }

  /** The member of the view's community who caused a change, by the name the community shows (null: not a member, or no actor). */
  private async memberName(readers: { reader: Reader }[], actorId: string | null): Promise<{ authorId: string; name: string } | null> {
    const first = readers[0]?.reader;
    if (!first || !actorId) return null;
    const authorId = authorIdFor(first.grant.community._id, actorId);
    const author = await this.loader.authors.get(authorId);
    return author ? { authorId, name: authorName(author, first.lastNameFirst) } : null;
  }

  /**
   * Issue 21 §2: a note that appears on a reader's canvas (placed, contributed,
   * made readable) brings its build-on and reference arrows to the notes already
   * there: the arrow's link was written before the note could be seen, so its
   * own `LinkCreated` reached nobody. Sent per reader, only between refs that
   * reader sees; the client keeps one arrow per id.
   */
  private async pushArrowsOf(viewId: string, readers: { client: PushClient; reader: Reader }[], shown: ViewRef[][]): Promise<void> {
    const appeared = new Set(shown.flat().map((ref) => ref.to));
    if (appeared.size === 0) return;
    const ids = [...appeared];
    // Two indexed lookups (by `from`, by `to`) rather than one `$or` the embedded store would scan.
    const types = { $in: [...arrowLinkTypes] };
    const [outgoing, incoming] = await Promise.all([
      this.loader.links.find({ from: { $in: ids }, type: types }),
      this.loader.links.find({ to: { $in: ids }, type: types }),
    ]);
    const arrows = [...new Map([...outgoing, ...incoming].map((arrow) => [arrow._id, arrow])).values()];
    if (arrows.length === 0) return;
    const ends = [...new Set(arrows.flatMap((arrow) => [arrow.from, arrow.to]))];
    const placed = await this.loader.links.find({ from: viewId, type: 'contains', to: { $in: ends } });
    const visible = await refsFor(
      this.loader,
      readers.map((r) => r.reader),
      placed,
    );
    readers.forEach(({ client }, index) => {
      const seen = new Set((visible[index] ?? []).map((ref) => ref.to));
      for (const arrow of arrows) {
        if (seen.has(arrow.from) && seen.has(arrow.to) && (appeared.has(arrow.from) || appeared.has(arrow.to))) {
          this.room.send(client, {
            type: 'link.saved',
            viewId,
            link: { _id: arrow._id, from: arrow.from, to: arrow.to, type: arrow.type },
          });
        }
      }
    });
  }

  /** A link was created, changed or deleted: refs and arrows of subscribed views. */
  async linkChanged(event: RecordedEvent<ContributionEvent>): Promise<void> {
    if (event.type !== 'LinkCreated' && event.type !== 'LinkUpdated' && event.type !== 'LinkDeleted') return;
    const { linkId, from } = event.data;
    if (event.type === 'LinkDeleted') {
      if (this.room.isSubscribed(from)) {
        for (const client of this.room.subscribersOf(from) ?? []) this.room.send(client, { type: 'ref.removed', viewId: from, linkId });
        return;
      }
      // Perhaps an arrow between refs of subscribed views.
      for (const ref of await this.subscribedRefsTo([from])) {
        for (const client of this.room.subscribersOf(ref.from) ?? []) {
          this.room.send(client, { type: 'link.removed', viewId: ref.from, linkId });
        }
      }
      return;
    }
    const link = await this.loader.links.get(linkId);
    if (!link) return;
    if (link.type === 'contains') {
      if (this.room.isSubscribed(link.from)) {
        await this.pushRefs(link.from, [link], event.type === 'LinkCreated' ? 'placed' : 'changed', event.metadata.actorId);
      }
      // A view placed or moved inside another changes nothing else.
      return;
    }
    if (event.type !== 'LinkCreated' || !(arrowLinkTypes as readonly string[]).includes(link.type)) return;
    const refs = await this.subscribedRefsTo([link.from, link.to]);
    const byView = new Map<string, LinkDocument[]>();
    for (const ref of refs) byView.set(ref.from, [...(byView.get(ref.from) ?? []), ref]);
    for (const [viewId, viewRefs] of byView) {
      const readers = await this.readersOf(viewId);
      const visible = await refsFor(
        this.loader,
        readers.map((r) => r.reader),
        viewRefs,
      );
      readers.forEach(({ client }, index) => {
        const targets = new Set((visible[index] ?? []).map((ref) => ref.to));
        if (targets.has(link.from) && targets.has(link.to)) {
          this.room.send(client, { type: 'link.saved', viewId, link: { _id: link._id, from: link.from, to: link.to, type: link.type } });
        }
      });
    }
  }

  /** Refs (contains links) of subscribed views that place one of `contributionIds`. */
  private async subscribedRefsTo(contributionIds: string[]): Promise<LinkDocument[]> {
    const refs = await this.loader.links.find({ to: { $in: contributionIds }, type: 'contains' });
    return refs.filter((ref) => this.room.isSubscribed(ref.from));
  }

  /**
   * The contribution whose refs a change re-shapes: itself, or for a promising
   * idea (created, edited, deleted — issue 14 §3) the note holding it, whose
   * canvas mark may change.
   */
  private async placedOne(contributionId: string): Promise<string> {
    const doc = await this.loader.contributions.get(contributionId);
    if (doc?.type !== 'promisingIdeaobj' || typeof doc.data.noteId !== 'string') return contributionId;
    return doc.data.noteId;
  }

  /** A placed contribution (or a subscribed view) changed: its refs, re-shaped for each subscriber. */
  async targetChanged(contributionId: string): Promise<void> {
    // The subscribed view itself changed (made private, deleted): re-authorise its subscribers.
    if (this.room.isSubscribed(contributionId)) {
      for (const client of [...(this.room.subscribersOf(contributionId) ?? [])]) {
        if (!client.user) continue;
        try {
          await this.loader.viewAccess(client.user, contributionId);
        } catch (error) {
          this.room.drop(client, contributionId, error);
        }
      }
    }
    const refs = await this.subscribedRefsTo([await this.placedOne(contributionId)]);
    const byView = new Map<string, LinkDocument[]>();
    for (const ref of refs) byView.set(ref.from, [...(byView.get(ref.from) ?? []), ref]);
    for (const [viewId, viewRefs] of byView) await this.pushRefs(viewId, viewRefs, 'target');
  }
}
