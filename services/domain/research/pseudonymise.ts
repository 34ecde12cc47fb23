import type { EventMetadata } from '../../../contracts/events/event.ts';
import { withheldFields } from './pseudonyms.ts';

/**
 * The rules of a research export (issue 24 §3), pure: which events of a
 * community go out, and how every person in them becomes a pseudonym.
 * services/app/researchExport.ts reads the store and writes the files.
 *
 * - A person is a user; their membership of the community (author id) and
 *   their user id both become the same pseudonym, `options.pseudonymOf(userId)`
 *   (pseudonyms.ts `pseudonymOf` under the study secret: the same in every
 *   export made with the same secret, unrelated with another secret).
 * - Users' own streams, user-name claims and help-form messages are left out
 *   (they hold password hashes, e-mails, user names and free text about
 *   people); pseudonyms.ts `withheldFields` (registration keys, e-mails …)
 *   are dropped at any depth; the names a membership carries become the pseudonym.
 * - A contribution private at the time of the export is left out with its
 *   whole stream, the links to it and the reads of it, unless `includePrivate`.
 * - With `maskNames`, members' first names, last names, full names and user
 *   names written inside contributions (titles, bodies, comments …) become
 *   their pseudonym (a name two members share becomes `[name]`).
 */

/** Stream categories a research export leaves out, and why. */
export const leftOutStreams: Record<string, string> = {
  user: 'accounts: password hashes, e-mail addresses, names, sessions',
  usernameclaim: 'user-name reservations: a digest of each user name',
  feedback: 'help-form messages: reply e-mail addresses and free text',
};

/** Fields replaced by the member's pseudonym, by event type. */
export const pseudonymisedFields: Record<string, readonly string[]> = {
  AuthorJoined: ['userName', 'firstName', 'lastName'],
  AuthorRenamed: ['firstName', 'lastName'],
};

export type ResearchOptions = { pseudonymOf: (userId: string) => string; includePrivate: boolean; maskNames: boolean };

export type SourceEvent = {
  type: string;
  data: unknown;
  metadata: EventMetadata;
  streamName: string;
  streamRevision: number;
  globalPosition: number;
  eventId: string;
};

export type ResearchStats = {
  events: number;
  persons: number;
  /** Contributions private at the time of the export (left out unless includePrivate). */
  privateContributions: number;
  leftOut: { streams: Record<string, number>; privateEvents: number };
  /** Names replaced inside contributions (maskNames). */
  namesMasked: number;
};

type Data = Record<string, unknown>;
const isRecord = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const categoryOf = (streamName: string): string => streamName.slice(0, streamName.indexOf('-'));
const idOfStream = (streamName: string): string => streamName.slice(streamName.indexOf('-') + 1);

/** Keys whose values are ids or codes, never text a pupil wrote: name masking skips them. */
const notText = new Set([
  'type',
  'contributionId',
  'communityId',
  'authorId',
  'userId',
  'linkId',
  'from',
  'to',
  'status',
  'permission',
  'group',
  'blobKey',
  'mime',
  'authors',
  'lang',
  'langInNote',
  'commentId',
]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const normal = (name: string) => name.normalize('NFC').toLocaleLowerCase();

/** What the first pass over the community's events learns. */
type Plan = {
  /** user id or author id → user id */
  persons: Map<string, string>;
  /** user id → the names they were known by */
  names: Map<string, Set<string>>;
  privateIds: Set<string>;
  droppedLinks: Set<string>;
};

const plan = (events: readonly SourceEvent[]): Plan => {
  const persons = new Map<string, string>();
  const names = new Map<string, Set<string>>();
  const permission = new Map<string, string>();
  const links: { linkId: string; from: string; to: string }[] = [];
  const nameOf = (userId: string | undefined, ...values: unknown[]) => {
    if (userId === undefined) return;
    const set = names.get(userId) ?? new Set<string>();
    names.set(userId, set);
    for (const name of personNames(...values)) set.add(name);
  };
  for (const event of events) {
    if (!isRecord(event.data)) continue;
    const data = event.data;
    switch (event.type) {
      case 'AuthorJoined': {
        const authorId = str(data.authorId);
        const userId = str(data.userId);
        if (authorId && userId) {
          persons.set(authorId, userId);
          persons.set(userId, userId);
          nameOf(userId, data.firstName, data.lastName, data.userName);
        }
        break;
      }
      case 'AuthorRenamed':
        nameOf(persons.get(str(data.authorId) ?? ''), data.firstName, data.lastName);
        break;
      case 'UserRegistered':
      case 'UserProfileUpdated':
        nameOf(str(data.userId) ?? undefined, data.firstName, data.lastName, data.userName);
        break;
      case 'ContributionCreated':
      case 'PermissionChanged':
      case 'AnnotationEdited': {
        const id = str(data.contributionId);
        const value = str(data.permission);
        if (id && value) permission.set(id, value);
        break;
      }
      case 'LinkCreated': {
        const [linkId, from, to] = [str(data.linkId), str(data.from), str(data.to)];
        if (linkId && from && to) links.push({ linkId, from, to });
        break;
      }
      default:
        break;
    }
  }
  const privateIds = new Set([...permission].filter(([, value]) => value === 'private').map(([id]) => id));
  const droppedLinks = new Set(links.filter((l) => privateIds.has(l.from) || privateIds.has(l.to)).map((l) => l.linkId));
  return { persons, names, privateIds, droppedLinks };
};

/** The names a person may be written by: first name, last name, user name (as given) and "first last". */
export const personNames = (...values: unknown[]): string[] => {
  const names = values.filter((value): value is string => typeof value === 'string' && value.trim() !== '').map((value) => value.trim());
  const [first, last] = values.map(str);
  if (first && last && first.trim() && last.trim()) names.push(`${first.trim()} ${last.trim()}`);
  return names;
};

/**
 * A function replacing members' names (user id → names) inside a text by
 * their pseudonym, whole words only, case-insensitive (a name two members
 * share becomes `[name]`), counting the replacements.
 */
export const nameMasker = (names: Map<string, Set<string>>, pseudonym: (userId: string) => string) => {
  const owners = new Map<string, string | null>();
  for (const [userId, set] of names) {
    for (const name of set) {
      if ([...name].length < 2) continue;
      const key = normal(name);
      const owner = owners.get(key);
      owners.set(key, owner === undefined || owner === userId ? userId : null);
    }
  }
  if (owners.size === 0) return { mask: (text: string) => text, count: () => 0 };
  const alternatives = [...owners.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
  let count = 0;
  const mask = (text: string) =>
    text.normalize('NFC').replace(pattern, (match) => {
      count++;
      const owner = owners.get(normal(match));
      return owner ? pseudonym(owner) : '[name]';
    });
  return { mask, count: () => count };
};

/** Replaces, in every string of `value` (keys too), the person ids found by `replace`; masks text where `mask` is given. */
const rewrite = (value: unknown, replaceIds: (text: string) => string, mask: ((text: string) => string) | null, key = ''): unknown => {
  if (typeof value === 'string') {
    const ids = replaceIds(value);
    return mask && !notText.has(key) ? mask(ids) : ids;
  }
  if (Array.isArray(value)) return value.map((item) => rewrite(item, replaceIds, mask, key));
  if (isRecord(value)) {
    const out: Data = {};
    for (const [k, v] of Object.entries(value)) if (!withheldFields.has(k)) out[replaceIds(k)] = rewrite(v, replaceIds, mask, k);
    return out;
  }
  return value;
};

/**
 * The research export's events, from the community's events in global order
 * (services/cli/communityArchive.ts `communityStreams`: its own streams, its
 * members' users and claims, its feedback). Positions and event ids are kept;
 * a stream's revisions may skip the events left out.
 */
export const pseudonymiseCommunity = (events: readonly SourceEvent[], options: ResearchOptions) => {
  const { persons, names, privateIds, droppedLinks } = plan(events);
  const pseudonyms = new Map<string, string>();
  const pseudonym = (userId: string) => {
    let value = pseudonyms.get(userId);
    if (value === undefined) {
      value = options.pseudonymOf(userId);
      pseudonyms.set(userId, value);
    }
    return value;
  };
  const replaceIds = (text: string) =>
    text.replace(/[0-9a-f]{24}/g, (id) => {
      const userId = persons.get(id);
      return userId === undefined ? id : pseudonym(userId);
    });
  const masker = options.maskNames ? nameMasker(names, pseudonym) : null;
  const stats: ResearchStats = {
    events: 0,
    persons: 0,
    privateContributions: privateIds.size,
    leftOut: { streams: {}, privateEvents: 0 },
    namesMasked: 0,
  };
  const leftOutStreamNames: Record<string, Set<string>> = {};
  const isPrivate = (event: SourceEvent, data: Data): boolean => {
    if (options.includePrivate) return false;
    if (categoryOf(event.streamName) === 'contribution' && privateIds.has(idOfStream(event.streamName))) return true;
    if (event.type.startsWith('Link') && droppedLinks.has(str(data.linkId) ?? '')) return true;
    if (event.type === 'ReadMarked' && privateIds.has(str(data.contributionId) ?? '')) return true;
    if (event.type.startsWith('CommunityView') && privateIds.has(str(data.viewId) ?? '')) return true;
    return false;
  };
  const lines: SourceEvent[] = [];
  for (const event of events) {
    const category = categoryOf(event.streamName);
    if (category in leftOutStreams) {
      (leftOutStreamNames[category] ??= new Set()).add(event.streamName);
      continue;
    }
    const data: Data = isRecord(event.data) ? { ...event.data } : {};
    if (isPrivate(event, data)) {
      stats.leftOut.privateEvents++;
      continue;
    }
    // A user who is not a member (an administrator acting in the class) is a person too.
    for (const field of ['userId', 'createdBy']) {
      const value = str(data[field]);
      if (value && !persons.has(value)) data[field] = pseudonym(value);
    }
    const userId = persons.get(str(data.authorId) ?? '');
    for (const field of pseudonymisedFields[event.type] ?? []) if (userId && field in data) data[field] = pseudonym(userId);
    const actorId = event.metadata.actorId;
    const metadata: EventMetadata = {
      ...(rewrite(event.metadata, replaceIds, null) as EventMetadata),
      actorId: actorId === null ? null : pseudonym(persons.get(actorId) ?? actorId),
    };
    const mask = masker && category === 'contribution' ? masker.mask : null;
    lines.push({
      type: event.type,
      data: rewrite(data, replaceIds, mask),
      metadata,
      streamName: replaceIds(event.streamName),
      streamRevision: event.streamRevision,
      globalPosition: event.globalPosition,
      eventId: event.eventId,
    });
  }
  stats.events = lines.length;
  stats.persons = new Set(pseudonyms.values()).size;
  if (stats.persons !== pseudonyms.size) throw new Error('Two persons got the same pseudonym: export again with another study secret.');
  for (const [category, set] of Object.entries(leftOutStreamNames)) stats.leftOut.streams[category] = set.size;
  stats.namesMasked = masker?.count() ?? 0;
  return { lines, stats };
};
