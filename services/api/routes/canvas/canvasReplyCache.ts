import { compressionThreshold, compressReply, type ReplyEncoding } from '../../plugins/replyCompression.ts';

/** A serialised canvas reply and its compressed forms, made when first asked for. */
export type CachedReply = {
  json: Buffer;
  encoded: Partial<Record<ReplyEncoding, Buffer>>;
};

type Entry = {
  /** What the reply was computed at: the read position, and anything else it depends on (the image links' expiry). */
  stamp: string;
  /** Set while the first request computes it: the others at the same stamp wait for it instead of computing it again. */
  pending?: Promise<CachedReply>;
  reply?: CachedReply;
  bytes: number;
};

/** One entry per view and reader. */
const keyOf = (viewId: string, readerId: string): string => `${viewId}\u0000${readerId}`;

/** 32 MiB: about 200 canvases of 200 refs (135 KiB of JSON and 6 KiB of brotli each). */
export const defaultCanvasCacheBytes = 32 * 1024 * 1024;

/**
 * The canvas replies last served, serialised and compressed (issue 16 §3): 50
 * tabs of a class loading one view after a change compute it once per reader.
 *
 * One entry per (view, reader): the reply is the reader's own (the notes they
 * may read, their read marks, their names order, image links signed for them),
 * so a reader never gets another's. An entry holds the stamp it was computed
 * at, the read position first: any applied event (a move, a new note, a
 * permission change) moves the position, so the next load computes afresh and
 * replaces the entry. The memory is bounded: least recently used entries go
 * first once the bytes held exceed `maxBytes`; a reply over a quarter of it is
 * served but not kept.
 */
export class CanvasReplyCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  #highestPosition = 0;

  constructor(readonly maxBytes = defaultCanvasCacheBytes) {}

  /** Bytes held by the replies kept (their JSON and compressed forms). */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The reply of `viewId` for `readerId` at read position `position` (and
   * `variant`, what else the reply depends on): kept, being computed by
   * another request, or computed now with `compute` (the serialised JSON). A
   * failure is never kept: the next request tries again.
   */
  async reply(
    viewId: string,
    readerId: string,
    at: { position: number; variant: string },
    compute: () => Promise<Buffer>,
  ): Promise<CachedReply> {
    // A position going back (read models restored or rebuilt shorter) could meet an old stamp again: forget everything.
    if (at.position < this.#highestPosition) this.clear();
    this.#highestPosition = at.position;
    const stamp = `${at.position}/${at.variant}`;
    const key = keyOf(viewId, readerId);
    const found = this.#entries.get(key);
    if (found && found.stamp === stamp) {
      // Most recently used: to the end of the map's order.
      this.#entries.delete(key);
      this.#entries.set(key, found);
      return found.reply ?? (found.pending as Promise<CachedReply>);
    }
    const entry: Entry = { stamp, bytes: 0 };
    const pending = compute().then((json): CachedReply => ({ json, encoded: {} }));
    entry.pending = pending;
    this.#replace(key, entry);
    try {
      const reply = await pending;
      if (this.#entries.get(key) === entry) {
        entry.reply = reply;
        delete entry.pending;
        this.#grow(key, entry, reply.json.length);
      }
      return reply;
    } catch (error) {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
      throw error;
    }
  }

  /** The reply's bytes in `encoding` (null: as JSON), compressed once and kept with it; small replies go as they are. */
  body(
    viewId: string,
    readerId: string,
    reply: CachedReply,
    encoding: ReplyEncoding | null,
  ): { body: Buffer; encoding: ReplyEncoding | null } {
    if (encoding === null || reply.json.length < compressionThreshold) return { body: reply.json, encoding: null };
    let body = reply.encoded[encoding];
    if (!body) {
      body = compressReply(reply.json, encoding);
      reply.encoded[encoding] = body;
      const key = keyOf(viewId, readerId);
      const entry = this.#entries.get(key);
      if (entry?.reply === reply) this.#grow(key, entry, body.length);
    }
    return { body, encoding };
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** Puts `entry` in place of the key's older one (an older stamp is never served again). */
  #replace(key: string, entry: Entry): void {
    const old = this.#entries.get(key);
    if (old) {
      this.#bytes -= old.bytes;
      this.#entries.delete(key);
    }
    this.#entries.set(key, entry);
  }

  #grow(key: string, entry: Entry, bytes: number): void {
    entry.bytes += bytes;
    this.#bytes += bytes;
    if (entry.bytes > this.maxBytes / 4) {
      this.#bytes -= entry.bytes;
      this.#entries.delete(key);
      return;
    }
    for (const [oldest, candidate] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      if (oldest === key) continue;
      this.#bytes -= candidate.bytes;
      this.#entries.delete(oldest);
    }
  }
}
