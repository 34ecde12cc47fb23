/**
 * A note body kept in local storage when a save fails (spec part 1 §4, fact
 * sheet §11.22): the attachments tab's recover button puts it back.
 */
export type StoredBody = {
  title: string;
  keywords: string;
  /** ProseMirror JSON (note) or SVG string (drawing). */
  content: unknown;
  revision: number;
  at: string;
  /** Drawings: the text alternative being written (issue 25 §4). */
  description?: string;
};

export type RecoveryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const recoveryKey = (contributionId: string): string => `buildon.recover.${contributionId}`;

const safeStorage = (storage?: RecoveryStorage | null): RecoveryStorage | null => {
  if (storage !== undefined) return storage;
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

const isStoredBody = (value: unknown): value is StoredBody => {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.title === 'string' &&
    typeof v.keywords === 'string' &&
    'content' in v &&
    typeof v.revision === 'number' &&
    typeof v.at === 'string'
  );
};

/** Keeps a body; false when the storage refused it (full, private mode). */
export const storeBody = (
  contributionId: string,
  body: Omit<StoredBody, 'at'>,
  storage?: RecoveryStorage | null,
  now = new Date(),
): boolean => {
  const target = safeStorage(storage);
  if (!target) return false;
  try {
    target.setItem(recoveryKey(contributionId), JSON.stringify({ ...body, at: now.toISOString() }));
    return true;
  } catch {
    return false;
  }
};

/** The stored body, or null when there is none or it cannot be read. */
export const readStoredBody = (contributionId: string, storage?: RecoveryStorage | null): StoredBody | null => {
  const target = safeStorage(storage);
  if (!target) return null;
  try {
    const text = target.getItem(recoveryKey(contributionId));
    if (!text) return null;
    const value = JSON.parse(text) as unknown;
    return isStoredBody(value) ? value : null;
  } catch {
    return null;
  }
};

/** Forgets the stored body (after a successful save or a recover). */
export const clearStoredBody = (contributionId: string, storage?: RecoveryStorage | null): void => {
  try {
    safeStorage(storage)?.removeItem(recoveryKey(contributionId));
  } catch {
    // nothing to clear
  }
};
