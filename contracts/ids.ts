/**
 * Identifiers are 24-hex MongoDB ObjectId strings: Knowledge Forum exports,
 * inline attachment markup and the spec's routes all rely on that shape.
 */
export type ObjectId = string & { readonly __brand?: 'ObjectId' };

export const objectIdPattern = '^[0-9a-f]{24}$';
const objectIdRegex = new RegExp(objectIdPattern);

export const isObjectId = (value: unknown): value is ObjectId => typeof value === 'string' && objectIdRegex.test(value);
