import type { SearchExtraInfo } from '../../../contracts/api/search.ts';
import { canRead } from '../../../contracts/permissions.ts';
import type { ContributionDocument, LinkDocument } from '../../../projections/contributions/index.ts';
import type { HistoricalObjectDocument } from '../../../projections/history/index.ts';
import type { Collection } from '../../core/readStore.ts';
import { accessObject, authorName, type CanvasReader, type Reader } from '../canvas/canvasReader.ts';
import { authorIdFor } from '../communities/authorId.ts';

/** The events that make a version someone wrote (fact sheet §5 "editors": the original's `modified` records, and the creation). */
const editEvents = [
  'ContributionCreated',
  'NoteContributed',
  'NoteSaved',
  'DrawingSaved',
  'ContributionRetitled',
  'AttachmentUploaded',
  'AnnotationEdited',
];

/**
 * Editors (authors of versions, from the history read model) and readers
 * (the reads read model) of a page of contributions, as author ids per
 * contribution. Two indexed queries per page; the log is never read.
 */
const editorsAndReaders = async (
  source: CanvasReader,
  history: Collection<HistoricalObjectDocument> | undefined,
  communityId: string,
  ids: readonly string[],
): Promise<{ editors: Map<string, Set<string>>; readers: Map<string, Set<string>> }> => {
  const editors = new Map<string, Set<string>>();
  const readers = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, value: string) => map.set(key, (map.get(key) ?? new Set()).add(value));
  const [versions, reads] = await Promise.all([
    history
      ? history.find(
          { dataId: { $in: [...ids] }, type: 'Object', eventType: { $in: editEvents } },
          { projection: { dataId: 1, authorId: 1 } },
        )
      : Promise.resolve([]),
    source.reads.find({ contributionId: { $in: [...ids] } }),
  ]);
  for (const version of versions) if (version.authorId) add(editors, version.dataId, authorIdFor(communityId, version.authorId));
  for (const read of reads) if (read.communityId === communityId) add(readers, read.contributionId, read.authorId);
  return { editors, readers };
};

/**
 * The search table's extra information (spec part 2 §Search, fact sheet §5
 * "Detailed table/CSV"), for one page of results: keywords, the supports used
 * (their titles), the views holding it and the first contribution it builds
 * on; who edited it and who read it. Views and build-on targets the caller may not read (or no longer
 * active) are left out, as the canvas leaves them out: their titles never
 * leave the server.
 */
export const extraInfoOf = async (
  source: CanvasReader,
  reader: Reader,
  docs: readonly ContributionDocument[],
  history?: Collection<HistoricalObjectDocument>,
): Promise<Map<string, SearchExtraInfo>> => {
  const out = new Map<string, SearchExtraInfo>();
  if (docs.length === 0) return out;
  const ids = docs.map((doc) => doc._id);
  const wanted = new Set(ids);
  const community = reader.grant.community._id;
  const [outgoing, placements, people] = await Promise.all([
    source.linksFrom(ids, ['supports', 'buildson']),
    source.links.find({ to: { $in: ids } }),
    editorsAndReaders(source, history, community, ids),
  ]);
  const members = await source.byIds(source.authors, [
    ...new Set([...people.editors.values(), ...people.readers.values()].flatMap((set) => [...set])),
  ]);
  const nameOf = new Map(
    members.filter((author) => author.communityId === community).map((author) => [author._id, authorName(author, reader.lastNameFirst)]),
  );
  const namesOf = (set: Set<string> | undefined): string[] =>
    [...new Set([...(set ?? [])].map((id) => nameOf.get(id)).filter((name): name is string => !!name))].sort((a, b) => a.localeCompare(b));
  const contains = placements.filter((link) => link.type === 'contains' && wanted.has(link.to));
  const related = await source.byIds(source.contributions, [
    ...new Set([...outgoing.map((link) => link.to), ...contains.map((link) => link.from)]),
  ]);
  const groups = await source.groupMembers(related);
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
      editors: namesOf(people.editors.get(doc._id)),
      readers: namesOf(people.readers.get(doc._id)),
    });
  }
  return out;
};
