/**
 * Dirty tracking: what the editor holds is compared with what was last saved
 * (or loaded), as a canonical string, so undoing back to the saved text is
 * clean again.
 */
export type Snapshot = {
  title: string;
  keywords: string;
  /** ProseMirror JSON of a note's body, or a drawing's SVG. */
  content: unknown;
  /** Multilanguage notes: every language's title and body (title and content are then unused). */
  translations?: Record<string, { title: string; content: unknown }>;
  /** Drawings: the text alternative (issue 25 §4). */
  description?: string;
};

/**
 * Object keys in a fixed order, so two equal documents give one string. A
 * node's `linkId` (the server's id for a support's or reference's link, which
 * the editor takes in after a save) is not something the writer changed.
 */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([k, v]) => v !== undefined && k !== 'linkId')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
};

export const snapshotKey = (snapshot: Snapshot): string =>
  canonical({
    title: snapshot.title,
    keywords: snapshot.keywords
      .split(';')
      .map((k) => k.trim())
      .filter(Boolean),
    content: snapshot.content,
    translations: snapshot.translations,
    description: snapshot.description?.trim() || undefined,
  });

export const isDirty = (saved: Snapshot | null, current: Snapshot | null): boolean => {
  if (!saved || !current) return false;
  return snapshotKey(saved) !== snapshotKey(current);
};

/** Save states of spec part 1 §4. */
export type SaveState = 'idle' | 'saving' | 'success' | 'failure' | 'stored' | 'conflict';
