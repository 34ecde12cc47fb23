import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CanvasReplyCache } from './canvasReplyCache.ts';

/** A JSON body of about `size` bytes naming who it is for. */
const json = (who: string, size = 2000) => Buffer.from(JSON.stringify({ who, pad: 'x'.repeat(size) }));

/** A compute that counts its calls. */
const counted = (who: string, size?: number) => {
  const calls = { count: 0 };
  const compute = async () => {
    calls.count++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return json(who, size);
  };
  return { calls, compute };
};

/** Whom a kept reply is for. */
const whoOf = (reply: { json: Buffer }): string => (JSON.parse(reply.json.toString()) as { who: string }).who;

const at = (position: number, variant = 'v') => ({ position, variant });

describe('CanvasReplyCache', () => {
  it('computes a reader’s reply once for loads arriving together, and again at the next position', async () => {
    const cache = new CanvasReplyCache();
    const { calls, compute } = counted('a');
    const replies = await Promise.all(Array.from({ length: 50 }, () => cache.reply('view', 'a', at(7), compute)));
    expect(calls.count).toBe(1);
    expect(new Set(replies).size).toBe(1);
    await cache.reply('view', 'a', at(7), compute);
    expect(calls.count).toBe(1);

    await cache.reply('view', 'a', at(8), compute);
    expect(calls.count).toBe(2);
    // Another variant (the image links' expiry) at the same position is another reply.
    await cache.reply('view', 'a', at(8, 'w'), compute);
    expect(calls.count).toBe(3);
    // One entry per view and reader: the older positions are gone.
    expect(cache.size).toBe(1);
  });

  it('keeps readers apart: one reader’s reply is never another’s', async () => {
    const cache = new CanvasReplyCache();
    const a = await cache.reply('view', 'a', at(3), async () => json('a'));
    const b = await cache.reply('view', 'b', at(3), async () => json('b'));
    expect(whoOf(a)).toBe('a');
    expect(whoOf(b)).toBe('b');
    expect(whoOf(await cache.reply('view', 'a', at(3), async () => json('wrong')))).toBe('a');
    expect(whoOf(await cache.reply('other', 'a', at(3), async () => json('other view')))).toBe('other view');
  });

  it('compresses each encoding once, leaving small replies as they are', async () => {
    const cache = new CanvasReplyCache();
    const reply = await cache.reply('view', 'a', at(1), async () => json('a'));
    const br = cache.body('view', 'a', reply, 'br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).equals(reply.json)).toBe(true);
    expect(cache.body('view', 'a', reply, 'br').body).toBe(br.body);
    expect(gunzipSync(cache.body('view', 'a', reply, 'gzip').body).equals(reply.json)).toBe(true);
    expect(cache.body('view', 'a', reply, null)).toEqual({ body: reply.json, encoding: null });
    expect(cache.bytes).toBe(reply.json.length + br.body.length + (reply.encoded.gzip?.length ?? 0));

    const small = await cache.reply('view', 'b', at(1), async () => Buffer.from('{"refs":[]}'));
    expect(cache.body('view', 'b', small, 'br')).toEqual({ body: small.json, encoding: null });
  });

  it('keeps no failure: the next load computes again', async () => {
    const cache = new CanvasReplyCache();
    await expect(cache.reply('view', 'a', at(1), async () => Promise.reject(new Error('forbidden')))).rejects.toThrow('forbidden');
    expect(cache.size).toBe(0);
    expect((await cache.reply('view', 'a', at(1), async () => json('a'))).json.length).toBeGreaterThan(0);
  });

  it('holds at most its bytes, the least recently used going first; a reply over a quarter of them is not kept', async () => {
    const cache = new CanvasReplyCache(10_000);
    for (const reader of ['a', 'b', 'c', 'd']) await cache.reply('view', reader, at(1), async () => json(reader, 2000));
    // 4 × ~2 KB: all kept; reading 'a' makes it the most recent.
    expect(cache.size).toBe(4);
    const { calls, compute } = counted('a');
    await cache.reply('view', 'a', at(1), compute);
    expect(calls.count).toBe(0);
    await cache.reply('view', 'e', at(1), async () => json('e', 2000));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBe(4);
    // 'b' was the least recently used: computed again; 'a' still kept.
    const b = counted('b');
    await cache.reply('view', 'b', at(1), b.compute);
    expect(b.calls.count).toBe(1);
    await cache.reply('view', 'a', at(1), compute);
    expect(calls.count).toBe(0);

    const big = counted('big', 3000);
    await cache.reply('view', 'big', at(1), big.compute);
    await cache.reply('view', 'big', at(1), big.compute);
    expect(big.calls.count).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
  });

  it('forgets everything when the read position goes back', async () => {
    const cache = new CanvasReplyCache();
    await cache.reply('view', 'a', at(9), async () => json('a'));
    const { calls, compute } = counted('a');
    await cache.reply('view', 'b', at(4), compute);
    expect(cache.size).toBe(1);
    expect(calls.count).toBe(1);
  });
});
