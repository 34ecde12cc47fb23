import type { UserDocument } from '../../../../../projections/users/index.ts';
import type { TokenPayload } from '../../../plugins/session.ts';

/**
 * The rooms of the KF6 socket.io endpoint (fact sheet §8): the original's
 * client emits `subscribe` / `unsubscribe` with a room name, `linkfrom:{id}`
 * (the links from a view: its refs; from the member's own author: their
 * read links; from a contribution: its build-ons and references) or
 * `noteCount:{viewId}` (the view's counts of active notes). A view's rooms are
 * joined after the same check as the canvas load (`canvasReader.viewAccess`);
 * an author's room by that member only; a contribution's by whoever may read it.
 */
export type Kf6RoomKind = 'linkfrom' | 'noteCount';
export type Kf6Room = { kind: Kf6RoomKind; id: string; name: string };

export const parseKf6Room = (value: unknown): Kf6Room | null => {
  if (typeof value !== 'string') return null;
  const match = /^(linkfrom|noteCount):([0-9a-f]{24})$/.exec(value);
  if (!match) return null;
  return { kind: match[1] as Kf6RoomKind, id: match[2] as string, name: value };
};

/** One connected KF6 client as the rooms see it. */
export type Kf6Client = {
  readonly id: string;
  user: UserDocument;
  session: TokenPayload;
  /** Joined rooms → the community of their view. */
  rooms: Map<string, string>;
  emit(event: string, payload: unknown): void;
  disconnect(): void;
};

/** Who is in which room. */
export class Kf6Rooms {
  private readonly members = new Map<string, Set<Kf6Client>>();
  readonly clients = new Set<Kf6Client>();

  add(client: Kf6Client): void {
    this.clients.add(client);
  }

  remove(client: Kf6Client): void {
    this.clients.delete(client);
    for (const room of [...client.rooms.keys()]) this.leave(client, room);
  }

  join(client: Kf6Client, room: string, communityId: string): void {
    if (!this.clients.has(client)) return;
    client.rooms.set(room, communityId);
    let members = this.members.get(room);
    if (!members) this.members.set(room, (members = new Set()));
    members.add(client);
  }

  leave(client: Kf6Client, room: string): void {
    client.rooms.delete(room);
    const members = this.members.get(room);
    if (!members) return;
    members.delete(client);
    if (members.size === 0) this.members.delete(room);
  }

  of(room: string): Kf6Client[] {
    return [...(this.members.get(room) ?? [])];
  }

  has(room: string): boolean {
    return this.members.has(room);
  }

  get active(): boolean {
    return this.members.size > 0 || this.clients.size > 0;
  }
}
