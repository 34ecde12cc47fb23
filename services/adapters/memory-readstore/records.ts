/** A plain object (not null, not an array): what a stored document and its sub-documents are. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
