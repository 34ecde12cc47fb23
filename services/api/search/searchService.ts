import {
  SearchPaging,
  typesOfSearch,
  type SearchCountReply,
  type SearchQuery,
  type SearchReply,
  type SearchResult,
  type SearchType,
  type SearchableType,
} from '../../../contracts/api/search.ts';
import { isObjectId } from '../../../contracts/ids.ts';
import { canRead } from '../../../contracts/permissions.ts';
import type { AuthorDocument } from '../../../projections/authors/index.ts';
import type { ContributionDocument, LinkDocument } from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { historicalObjectsCollectionName, type HistoricalObjectDocument } from '../../../projections/history/index.ts';
import { noteBodyOf, searchIndexCollectionName, searchTextIndex, type SearchIndexDocument } from '../../../projections/search/index.ts';
import { ValidationError } from '../../core/errors.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { rankText, snippetOf, type SnippetPart, type TextQuery } from '../../core/textSearch.ts';
import { textQueryOf, withTypedTokens } from './textQuery.ts';
import { extraInfoOf } from './extraInfo.ts';
import { accessObject, authorName, type CanvasReader, type Reader } from '../canvas/canvasReader.ts';
import { msg } from '../../../contracts/messageCodes.ts';

/** Fields of an annotation's data that may name the annotated contribution (`modelId`: the annotations feature's). */
const annotationTargetFields = ['modelId', 'contributionId', 'noteId', 'targetId', 'to'] as const;

/** Characters of plain text shown around the first matched word. */
const excerptLength = 240;

const lower = (text: string): string => text.toLocaleLowerCase();

/** The words of a query: one string split on white space, or a list; empty ones dropped, lower-cased. */
export const wordsOf = (words: SearchQuery['words']): string[] => {
  const list = typeof words === 'string' ? words.split(/\s+/) : (words ?? []).flatMap((w) => w.split(/\s+/));
  return [...new Set(list.map((w) => lower(w.trim())).filter((w) => w.length > 0))];
};

/** What the words are matched against: a note's search text, an annotation's text, otherwise the title. */
export const searchTextOf = (doc: ContributionDocument, titleOnly: boolean): string => {
  if (titleOnly) return doc.title;
  if (doc.type === 'Annotation') return `${doc.title} ${typeof doc.data.text === 'string' ? doc.data.text : ''}`;
  if (typeof doc.text4search === 'string' && doc.text4search.length > 0) return doc.text4search;
  return doc.title;
};

/** The body part of a note's search text (without the `( title )` and `( keywords )` frames). */
const bodyTextOf = (doc: ContributionDocument): string => {
  if (doc.type === 'Annotation') return typeof doc.data.text === 'string' ? doc.data.text : '';
  return noteBodyOf(typeof doc.text4search === 'string' ? doc.text4search : '', doc.title, doc.keywords ?? []);
};

/** A contribution as the index would hold it: what the search without an index ranks (the same definition). */
const entryOf = (doc: ContributionDocument): Pick<SearchIndexDocument, '_id' | 'title' | 'body' | 'keywords'> => ({
  _id: doc._id,
  title: doc.title,
  body: bodyTextOf(doc),
  keywords: (doc.keywords ?? []).join(' ; '),
});

/** Up to `excerptLength` characters of the body, starting a little before the first matched word. */
export const excerptOf = (doc: ContributionDocument, words: readonly string[]): string => {
  const text = bodyTextOf(doc).replace(/\s+/g, ' ');
  if (text.length <= excerptLength) return text;
  const haystack = lower(text);
  const hits = words.map((w) => haystack.indexOf(w)).filter((i) => i >= 0);
  const first = hits.length > 0 ? Math.min(...hits) : 0;
  const start = Math.max(0, Math.min(first - 40, text.length - excerptLength));
  return `${start > 0 ? '…' : ''}${text.slice(start, start + excerptLength).trim()}${start + excerptLength < text.length ? '…' : ''}`;
};

const parseDate = (value: string | undefined, field: string): number | null => {
  if (value === undefined || value.trim() === '') return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw ValidationError.field(field, msg('search.badDate'));
  return time;
};

/** A bare date (`2024-05-01`) as an upper bound means the whole day. */
const endOf = (value: string | undefined, time: number | null): number | null =>
  time !== null && value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? time + 24 * 3600 * 1000 - 1 : time;

/** What the filters and the permission rule read: a contribution, or its entry in the full-text index. */
type Candidate = Pick<ContributionDocument, '_id' | 'communityId' | 'type' | 'status' | 'permission' | 'authors' | 'group' | 'created'>;

/** The fields of an index entry a search decides on (its text stays in the index: only the page's snippets are read). */
const candidateFields = { _id: 1, communityId: 1, type: 1, status: 1, permission: 1, authors: 1, group: 1, created: 1 } as const;

type Match = { docs: Candidate[]; words: string[]; reader: Reader; text: TextQuery; scores: Map<string, number> };

/**
 * Search of a community's contributions (spec part 2 §Search). One query
 * through the `communityId`+`type` hash index of the read store, then the
 * filters in memory, permission first: a contribution the caller may not read
 * never counts, whatever the other filters (fact sheet §12: the original's
 * `rangeOfID` returned any document).
 */
export class SearchService {
  /**
   * @param readStore where the full-text index (`searchindex`) is read; without
   * it, words are matched by ranking the community's contributions with the
   * same definition (services/core/textSearch.ts), slower.
   */
  constructor(
    private readonly reader: CanvasReader,
    private readonly readStore?: ReadStore,
  ) {}

  async count(user: UserDocument, communityId: string, query: SearchQuery, searchType: SearchType | undefined): Promise<SearchCountReply> {
    const { docs } = await this.match(user, communityId, query, searchType);
    return { count: docs.length, filteredObjectIDs: docs.map((doc) => doc._id) };
  }

  async search(user: UserDocument, communityId: string, query: SearchQuery, searchType: SearchType | undefined): Promise<SearchReply> {
    const { docs, words, reader, text, scores } = await this.match(user, communityId, query, searchType);
    const pagesize = Math.min(query.pagesize ?? SearchPaging.defaultPageSize, SearchPaging.maxPageSize);
    const page = query.page ?? 1;
    const found = docs.slice((page - 1) * pagesize, page * pagesize);
    // Only the page's contributions are read (the index decided the rest), in the order of the matches.
    const loaded = new Map(
      (
        await this.reader.byIds(
          this.reader.contributions,
          found.map((doc) => doc._id),
        )
      ).map((doc) => [doc._id, doc]),
    );
    const slice = found.map((doc) => loaded.get(doc._id)).filter((doc): doc is ContributionDocument => doc !== undefined);
    const authors = await this.reader.byIds(this.reader.authors, [...new Set(slice.flatMap((doc) => doc.authors))]);
    const byId = new Map(authors.map((author) => [author._id, author]));
    const snippets = await this.snippets(slice, text);
    const history = this.readStore?.collection<HistoricalObjectDocument>(historicalObjectsCollectionName);
    const extra = query.extraInfo ? await extraInfoOf(this.reader, reader, slice, history) : null;
    const results: SearchResult[] = slice.map((doc) => ({
      _id: doc._id,
      type: doc.type,
      title: doc.title,
      permission: doc.permission,
      authors: [...doc.authors],
      authorNames: doc.authors.map((id) => {
        const author = byId.get(id);
        return author ? authorName(author, reader.lastNameFirst) : '';
      }),
      created: doc.created,
      modified: doc.modified,
      excerpt: excerptOf(doc, words),
      byMe: doc.authors.includes(reader.authorId),
      snippet: snippets.get(doc._id) ?? [],
      ...(scores.has(doc._id) ? { score: scores.get(doc._id) } : {}),
      ...(extra?.has(doc._id) ? { extra: extra.get(doc._id) } : {}),
      comments: typeof doc.data.comments === 'string' ? doc.data.comments : '',
    }));
    return {
      results,
      pager: { page, pagesize, total: docs.length },
      canComment: reader.grant.isManager && reader.grant.role !== 'researcher',
    };
  }

  /** Every match the caller may read: best first when words are given (then newest), otherwise newest first. */
  private async match(user: UserDocument, communityId: string, asked: SearchQuery, searchType: SearchType | undefined): Promise<Match> {
    const reader = await this.reader.reader(user, communityId);
    if (asked.communityId !== undefined && asked.communityId !== communityId) {
      throw ValidationError.field('query.communityId', msg('search.otherCommunity'));
    }
    const query = withTypedTokens(asked);
    const from = parseDate(query.from, 'query.from');
    const to = endOf(query.to, parseDate(query.to, 'query.to'));
    const authorIds = query.authors && query.authors.length > 0 ? await this.authorIds(communityId, query.authors) : null;
    const words = wordsOf(query.words);
    const text = textQueryOf(query.words, query.searchMode === 'title');
    const scores = new Map<string, number>();
    const none: Match = { docs: [], words, reader, text, scores };

    let types: readonly SearchableType[] = typesOfSearch[searchType ?? 'main_search'];
    if (query.type) types = searchType ? types.filter((type) => type === query.type) : [query.type];
    if (types.length === 0) return none;
    // Words that hold no letter or digit ('!!!') find nothing, rather than everything.
    if (words.length > 0 && text.terms.length === 0) return none;

    const filter = { communityId, type: { $in: [...types] }, status: 'active' };
    let candidates: Candidate[];
    if (text.terms.length === 0) candidates = await this.reader.contributions.find(filter);
    else if (this.readStore) {
      const hits = await this.readStore
        .collection<SearchIndexDocument>(searchIndexCollectionName)
        .textSearch(searchTextIndex, text, { filter, projection: candidateFields });
      for (const hit of hits) scores.set(hit.doc._id, hit.score);
      candidates = hits.map((hit) => hit.doc);
    } else {
      const all = await this.reader.contributions.find(filter);
      const byId = new Map(all.map((doc) => [doc._id, doc]));
      for (const hit of rankText(all.map(entryOf), searchTextIndex, text)) scores.set(hit.doc._id, hit.score);
      candidates = [...scores.keys()].map((id) => byId.get(id) as ContributionDocument);
    }
    const only = await this.restriction(reader, query);
    const ownId = reader.subject.authorId;

    const prefiltered = candidates.filter((doc) => {
      // The index may be a little behind the contributions: what they say now decides.
      if (doc.status !== 'active' || doc.communityId !== communityId || !types.includes(doc.type as SearchableType)) return false;
      if (only && !only.has(doc._id)) return false;
      if (query.privateMode && (ownId === null || !doc.authors.includes(ownId))) return false;
      if (authorIds && !doc.authors.some((id) => authorIds.has(id))) return false;
      if (from === null && to === null) return true;
      const created = Date.parse(doc.created);
      return (from === null || created >= from) && (to === null || created <= to);
    });
    // Permission before paging: a contribution the caller may not read is never counted nor shown.
    const docs = await this.readable(reader, prefiltered);
    const newest = (a: Candidate, b: Candidate) => b.created.localeCompare(a.created) || b._id.localeCompare(a._id);
    docs.sort(text.terms.length > 0 ? (a, b) => (scores.get(b._id) ?? 0) - (scores.get(a._id) ?? 0) || newest(a, b) : newest);
    return { docs, words, reader, text, scores };
  }

  /** Snippets of the page's bodies from the index, the words marked (plain text parts: never markup). */
  private async snippets(docs: readonly ContributionDocument[], text: TextQuery): Promise<Map<string, SnippetPart[]>> {
    if (docs.length === 0 || text.terms.length === 0) return new Map();
    const bodyQuery: TextQuery = { terms: text.terms };
    if (this.readStore) {
      const ids = docs.map((doc) => doc._id);
      return this.readStore
        .collection<SearchIndexDocument>(searchIndexCollectionName)
        .textSnippets(searchTextIndex, ids, bodyQuery, 'body');
    }
    return new Map(docs.map((doc) => [doc._id, snippetOf(bodyTextOf(doc), bodyQuery)]));
  }

  /** Member ids for user names (any case) or author ids of this community; 400 "author:{name} not found" otherwise. */
  private async authorIds(communityId: string, names: readonly string[]): Promise<Set<string>> {
    const members: AuthorDocument[] = await this.reader.authors.find({ communityId });
    const byName = new Map(members.map((member) => [member.userNameLower, member._id]));
    const ids = new Set(members.map((member) => member._id));
    const found = new Set<string>();
    for (const name of names) {
      const id = byName.get(lower(name.trim())) ?? (ids.has(name) ? name : undefined);
      if (!id) throw ValidationError.field('query.authors', msg('search.authorNotFound', { name }));
      found.add(id);
    }
    return found;
  }

  /**
   * The ids the query is limited to by `rangeOfID`, `viewIds` and `scaffold`
   * (their intersection), or null when none is given. Views the caller may not
   * read, inactive ones and those of other communities contribute nothing.
   */
  private async restriction(reader: Reader, query: SearchQuery): Promise<Set<string> | null> {
    const sets: Set<string>[] = [];
    if (query.rangeOfID) sets.push(new Set(query.rangeOfID));
    if (query.viewIds && query.viewIds.length > 0) {
      const views = await this.reader.byIds(this.reader.contributions, [...new Set(query.viewIds)]);
      const usable = (
        await this.readable(
          reader,
          views.filter((v) => v.status === 'active' && v.communityId === reader.grant.community._id),
        )
      ).map((v) => v._id);
      const links: LinkDocument[] = usable.length > 0 ? await this.reader.links.find({ from: { $in: usable } }) : [];
      sets.push(new Set(links.map((link) => link.to)));
    }
    if (query.scaffold && query.scaffold.length > 0) {
      const wanted = new Set(query.scaffold.map((title) => lower(title.replace(/\s+/g, ''))));
      const supports = (await this.reader.contributions.find({ communityId: reader.grant.community._id, type: 'Support' })).filter((s) =>
        wanted.has(lower(s.title.replace(/\s+/g, ''))),
      );
      // Supports links go from the note to the support (README: scaffold supports).
      const links: LinkDocument[] =
        supports.length > 0 ? await this.reader.links.find({ to: { $in: supports.map((s) => s._id) }, type: 'supports' }) : [];
      sets.push(new Set(links.map((link) => link.from)));
    }
    if (sets.length === 0) return null;
    const [first, ...rest] = sets as [Set<string>, ...Set<string>[]];
    return new Set([...first].filter((id) => rest.every((set) => set.has(id))));
  }

  /**
   * The documents the caller may read (fact sheet §3.1, the canvas's rule). An
   * annotation also needs its annotated contribution to be active and readable.
   */
  private async readable<T extends Candidate>(reader: Reader, docs: readonly T[]): Promise<T[]> {
    if (docs.length === 0) return [];
    const groups = await this.reader.groupMembers(docs as readonly Candidate[] as readonly ContributionDocument[]);
    const visible = (doc: T) =>
      doc.communityId === reader.grant.community._id &&
      canRead(reader.subject, accessObject(doc, doc.group ? (groups.get(doc.group) ?? []) : []));
    const kept = docs.filter(visible);
    // Annotations are few: their whole documents are read for the targets their data names.
    const annotations = await this.reader.byIds(
      this.reader.contributions,
      kept.filter((doc) => doc.type === 'Annotation').map((doc) => doc._id),
    );
    if (annotations.length === 0) return kept.filter((doc) => doc.type !== 'Annotation');
    const annotationIds = annotations.map((doc) => doc._id);
    const [out, into] = await Promise.all([
      this.reader.links.find({ from: { $in: annotationIds }, type: 'annotates' }),
      this.reader.links.find({ to: { $in: annotationIds }, type: 'annotates' }),
    ]);
    const annotated = new Map<string, string[]>();
    for (const link of out) annotated.set(link.from, [...(annotated.get(link.from) ?? []), link.to]);
    for (const link of into) annotated.set(link.to, [...(annotated.get(link.to) ?? []), link.from]);
    // Whatever shape annotations take, a target named in their data counts too.
    for (const doc of annotations) {
      const data: Readonly<Record<string, unknown>> = doc.data;
      const named = annotationTargetFields.map((field) => data[field]).filter(isObjectId);
      if (named.length > 0) annotated.set(doc._id, [...(annotated.get(doc._id) ?? []), ...named]);
    }
    const targetIds = [...new Set([...annotated.values()].flat())];
    const targets = await this.reader.byIds(this.reader.contributions, targetIds);
    const targetGroups = await this.reader.groupMembers(targets);
    const readableTargets = new Set(
      targets
        .filter((doc) => doc.status === 'active' && doc.communityId === reader.grant.community._id)
        .filter((doc) => canRead(reader.subject, accessObject(doc, doc.group ? (targetGroups.get(doc.group) ?? []) : [])))
        .map((doc) => doc._id),
    );
    return kept.filter((doc) => doc.type !== 'Annotation' || (annotated.get(doc._id) ?? []).every((id) => readableTargets.has(id)));
  }
}
