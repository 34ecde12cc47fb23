import type { SearchExtraInfo } from '../../../contracts/api/search.ts';
import { canRead } from '../../../contracts/permissions.ts';
import type { ContributionDocument, LinkDocument } from '../../../projections/contributions/index.ts';
import { accessObject, type CanvasReader, type Reader } from '../canvas/canvasReader.ts';

/**
 * The search table's extra information (spec part 2 §Search, fact sheet §5
 * "Detailed table/CSV"), for one page of results: keywords, the supports used
 * (their titles), the views holding it and the first contribution it builds
 * on. Views and build-on targets the caller may not read (or no longer
 * active) are left out, as the canvas leaves them out: their titles never
 * leave the server.
 */
export const extraInfoOf = async (
  source: CanvasReader,
  reader: Reader,
  docs: readonly ContributionDocument[],
): Promise<Map<string, SearchExtraInfo>> => {
  const out = new Map<string, SearchExtraInfo>();
  if (docs.length === 0) return out;
  const ids = docs.map((doc) => doc._id);
  const wanted = new Set(ids);
  const [outgoing, placements] = await Promise.all([
    source.linksFrom(ids, ['supports', 'buildson']),
    source.links.find({ to: { $in: ids } }),
  ]);
  const contains = placements.filter((link) => link.type === 'contains' && wanted.has(link.to));
  const related = await source.byIds(source.contributions, [
    ...new Set([...outgoing.map((link) => link.to), ...contains.map((link) => link.from)]),
  ]);
  const groups = await source.groupMembers(related);
  const community = reader.grant.community._id;
  const visible = new Map(
    related
      .filter((doc) => doc.status === 'active' && doc.communityId === community)
      .filter((doc) => canRead(reader.subject, accessObject(doc, doc.group ? (groups.get(doc.group) ?? []) : [])))
      .map((doc) => [doc._id, doc]),
  );
  const byCreation = (a: LinkDocument, b: LinkDocument) => a.created.localeCompare(b.created) || a._id.localeCompare(b._id);
  for (const doc of docs) {
    const mine = outgoing.filter((link) => link.from === doc._id).sort(byCreation);
    const supports = mine.filter((link) => link.type === 'supports').map((link) => visible.get(link.to)?.title);
    const target = mine.filter((link) => link.type === 'buildson').find((link) => visible.has(link.to));
    const views = contains
      .filter((link) => link.to === doc._id)
      .map((link) => visible.get(link.from))
      .filter((view): view is ContributionDocument => view !== undefined && view.type === 'View');
    const buildsOn = target ? visible.get(target.to) : undefined;
    out.set(doc._id, {
      keywords: [...(doc.keywords ?? [])],
      scaffolds: [...new Set(supports.filter((title): title is string => typeof title === 'string'))],
      views: [...new Map(views.map((view) => [view._id, { _id: view._id, title: view.title }])).values()],
      buildsOn: buildsOn ? { _id: buildsOn._id, title: buildsOn.title } : null,
    });
  }
  return out;
};
