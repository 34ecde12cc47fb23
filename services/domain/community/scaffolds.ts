import { msg } from '../../../contracts/messageCodes.ts';
import { ConflictError } from '../../core/errors.ts';

/**
 * The scaffold manager's pure rules (issue 13 §5, fact sheet §10.5): where a
 * new support goes and how a save-order renumbers the `contains` links.
 */

/** A new support goes after the last one (orders are 0-based, as the default scaffolds are). */
export const nextSupportOrder = (orders: readonly number[]): number => (orders.length === 0 ? 0 : Math.max(...orders) + 1);

/**
 * The `contains` links to renumber so that the supports follow `wanted`
 * (0 … n−1). `wanted` must name every support of the scaffold once: a
 * support added or removed meanwhile makes the order stale (409). Links
 * already at their place are left alone.
 */
export const checkSupportOrder = (
  links: readonly { linkId: string; supportId: string; order?: number }[],
  wanted: readonly string[],
): { linkId: string; order: number }[] => {
  const bySupport = new Map(links.map((link) => [link.supportId, link]));
  const complete = wanted.length === links.length && new Set(wanted).size === wanted.length && wanted.every((id) => bySupport.has(id));
  if (!complete) throw new ConflictError(msg('community.supportOrderStale'));
  return wanted.flatMap((supportId, index) => {
    const link = bySupport.get(supportId);
    return link && link.order !== index ? [{ linkId: link.linkId, order: index }] : [];
  });
};
