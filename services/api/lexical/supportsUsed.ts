import type { DictionaryReply } from '../../../contracts/api/lexical.ts';
import {
  contributionsCollectionName,
  linksCollectionName,
  type ContributionDocument,
  type LinkDocument,
} from '../../../projections/contributions/index.ts';
import type { ReadStore } from '../../core/readStore.ts';
import type { Audience } from '../analytics/audience.ts';

/**
 * The scaffold supports some notes use (issue 13 §1–§2: the student
 * dictionary's "supports used"): how many times each support is inserted in
 * them and in how many, from the analytics projection's per-note `supports`
 * counts (one per inserted tag, as the support tracker counts them). Each
 * support is shown with the registered scaffold holding it (the first in the
 * community's order), or none when no registered scaffold holds it any more.
 */
export const supportsUsed = async (
  readStore: ReadStore,
  audience: Audience,
  noteIds: readonly string[],
): Promise<DictionaryReply['supports']> => {
  const wanted = new Set(noteIds);
  const usage = new Map<string, { count: number; notes: number }>();
  for (const item of audience.items) {
    if (!wanted.has(item._id)) continue;
    for (const [supportId, count] of Object.entries(item.supports ?? {})) {
      if (!(count > 0)) continue;
      const entry = usage.get(supportId) ?? { count: 0, notes: 0 };
      usage.set(supportId, { count: entry.count + count, notes: entry.notes + 1 });
    }
  }
  if (usage.size === 0) return [];
  const supportIds = [...usage.keys()];
  const contributions = readStore.collection<ContributionDocument>(contributionsCollectionName);
  const communityId = audience.grant.community._id;
  const supports = (await contributions.find({ _id: { $in: supportIds }, type: 'Support' })).filter(
    (doc) => doc.communityId === communityId,
  );
  const registered = audience.grant.community.scaffolds;
  const contains = await readStore
    .collection<LinkDocument>(linksCollectionName)
    .find({ from: { $in: [...registered] }, type: 'contains', to: { $in: supportIds } });
  const scaffolds = await contributions.find({ _id: { $in: [...new Set(contains.map((link) => link.from))] }, type: 'Scaffold' });
  const scaffoldTitle = new Map(scaffolds.map((doc) => [doc._id, doc.title]));
  const rank = (id: string) => registered.indexOf(id);
  return supports
    .map((support) => {
      const owner = contains
        .filter((link) => link.to === support._id && scaffoldTitle.has(link.from))
        .map((link) => link.from)
        .sort((a, b) => rank(a) - rank(b))[0];
      const used = usage.get(support._id) ?? { count: 0, notes: 0 };
      return { id: support._id, title: support.title, scaffoldTitle: owner ? (scaffoldTitle.get(owner) ?? '') : '', ...used };
    })
    .sort((a, b) => b.count - a.count || a.title.localeCompare(b.title, 'fr'));
};
