/**
 * A bounded set of document ids that answers "certainly never added" or
 * "maybe added" (a scalable Bloom filter): what a rebuild remembers of the
 * ids it wrote to a fresh collection, in ~1.25 bytes per id instead of the
 * id itself, and never more than `maxBytes` (issue 23 §2: nothing grows with
 * the log without a bound).
 *
 * Filters are added as the ids grow, each twice the previous one, with ~10
 * bits and 7 probes per id (about 1 % of false "maybe"); once `maxBytes` is
 * reached the last filter keeps taking ids and its false "maybe"s grow. A
 * "maybe" only costs its caller a lookup in the store: the answer stays exact.
 */
export class IdFilter {
  private readonly filters: { bits: Uint32Array; mask: number; capacity: number; count: number }[] = [];
  private bytes = 0;

  constructor(
    private readonly firstCapacity = 16_384,
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {
    this.grow();
  }

  /** Bytes held by the bit arrays. */
  get size(): number {
    return this.bytes;
  }

  private grow(): void {
    const capacity = this.firstCapacity * 2 ** this.filters.length;
    // ~10 bits per id, rounded up to a power of two (a mask instead of a modulo).
    const bits = 2 ** Math.ceil(Math.log2(capacity * 10));
    if (this.filters.length > 0 && this.bytes + bits / 8 > this.maxBytes) return;
    this.filters.push({ bits: new Uint32Array(bits / 32), mask: bits - 1, capacity, count: 0 });
    this.bytes += bits / 8;
  }

  add(id: string): void {
    const last = this.filters[this.filters.length - 1];
    if (last && last.count >= last.capacity) this.grow();
    const current = this.filters[this.filters.length - 1];
    if (!current) return;
    const [h1, h2] = hashes(id);
    for (let i = 0; i < probes; i++) {
      const bit = (h1 + Math.imul(i, h2)) & current.mask;
      current.bits[bit >>> 5] = (current.bits[bit >>> 5] as number) | (1 << (bit & 31));
    }
    current.count++;
  }

  /** False when `id` was certainly never added; true when it may have been. */
  mayHave(id: string): boolean {
    const [h1, h2] = hashes(id);
    for (const filter of this.filters) {
      let all = true;
      for (let i = 0; i < probes && all; i++) {
        const bit = (h1 + Math.imul(i, h2)) & filter.mask;
        all = ((filter.bits[bit >>> 5] as number) & (1 << (bit & 31))) !== 0;
      }
      if (all) return true;
    }
    return false;
  }
}

const probes = 7;

/** Two independent 32-bit hashes of `text` (FNV-1a and a murmur-style mix), for double hashing. */
const hashes = (text: string): [number, number] => {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    a = Math.imul(a ^ ch, 16777619);
    b = Math.imul(b ^ ch, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a ^= a >>> 13;
  a = Math.imul(a, 0xc2b2ae35);
  a ^= a >>> 16;
  // An odd step, so the probes of one id never all fall on one bit.
  return [a >>> 0, (b | 1) >>> 0];
};
