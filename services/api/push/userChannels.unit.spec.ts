import { describe, expect, it } from 'vitest';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { PushClient } from './clients.ts';
import { UserChannels } from './userChannels.ts';

const socket = (id: number, userId: string | null): PushClient => ({
  id,
  connection: { send: () => undefined, close: () => undefined },
  user: userId ? ({ _id: userId } as UserDocument) : null,
  views: new Map(),
});

describe('UserChannels', () => {
  it("sends a user's notifications to that user's sockets only, and forgets a socket that closed", () => {
    const channels = new UserChannels();
    const alice1 = socket(1, 'alice');
    const alice2 = socket(2, 'alice');
    const bob = socket(3, 'bob');
    for (const client of [alice1, alice2, bob, socket(4, null)]) channels.join(client);
    expect(channels.clientsOf('alice')).toEqual([alice1, alice2]);
    expect(channels.clientsOf('bob')).toEqual([bob]);
    expect(channels.size).toBe(2);

    channels.leave(alice1);
    channels.leave(alice1);
    expect(channels.clientsOf('alice')).toEqual([alice2]);
    channels.leave(alice2);
    channels.leave(socket(5, 'carol'));
    expect(channels.clientsOf('alice')).toEqual([]);
    expect(channels.size).toBe(1);
  });

  it('moves a socket that authenticates again as someone else to that user’s channel', () => {
    const channels = new UserChannels();
    const client = socket(1, 'alice');
    channels.join(client);
    channels.join(client);
    expect(channels.clientsOf('alice')).toEqual([client]);
    client.user = { _id: 'bob' } as UserDocument;
    channels.join(client);
    expect(channels.clientsOf('alice')).toEqual([]);
    expect(channels.clientsOf('bob')).toEqual([client]);
    channels.leave(client);
    expect(channels.size).toBe(0);
  });
});
