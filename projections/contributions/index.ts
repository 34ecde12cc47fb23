import type { TypedData } from '../../contracts/contributionData.ts';
import type { ContributionEvent, LinkType } from '../../contracts/events/contribution.ts';
import type { ContributionDocument, ContributionSnapshot, LinkDocument } from './documents.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { evolveDocument, type Projection } from '../../services/core/projection.ts';
import type { Collection } from '../../services/core/readStore.ts';
import { contentEvents, evolveContent, withData } from './content.ts';

export type { ContributionDocument, ContributionSnapshot, LinkDocument } from './documents.ts';

export const contributionsCollectionName = 'contributions';
export const linksCollectionName = 'links';

const contributionEvents: ContributionEvent['type'][] = [
  'ContributionCreated',
  'ContributionRetitled',
  'ContributionStatusChanged',
  'ContextSettingsChanged',
  'GroupMemberAdded',
  'GroupMemberRemoved',
  'ViewSettingChanged',
  ...contentEvents,
];
const linkEvents: ContributionEvent['type'][] = ['LinkCreated', 'LinkUpdated', 'LinkDeleted'];

/** A group's members (anything else has none). */
const membersOf = (doc: TypedData): string[] =>
  doc.type === 'Group' && Array.isArray(doc.data.members) ? doc.data.members.filter((m) => typeof m === 'string') : [];

/**
 * Folds one event of a contribution's stream into its document (null before
 * creation). Pure: also used to replay a stream up to an instant (time travel)
 * and by the history projection.
 */
export const evolveContribution = (
  current: ContributionDocument | null,
  event: RecordedEvent<ContributionEvent>,
): ContributionSnapshot | null => {
  const at = event.metadata.at;
  if (event.type === 'ContributionCreated') {
    const { contributionId, ...data } = event.data;
    return { _id: contributionId, ...data, authors: [...data.authors], created: at, modified: at };
  }
  if (!current) return null;
  switch (event.type) {
    case 'ContributionRetitled':
      return { ...current, title: event.data.title, modified: at };
    case 'ContributionStatusChanged':
      return { ...current, status: event.data.status, modified: at };
    case 'ContextSettingsChanged':
      return withData(current, event.data.data, { modified: at });
    case 'GroupMemberAdded': {
      const members = membersOf(current);
      if (members.includes(event.data.authorId)) return current;
      return withData(current, { ...current.data, members: [...members, event.data.authorId] }, { modified: at });
    }
    case 'GroupMemberRemoved':
      return withData(current, { ...current.data, members: membersOf(current).filter((m) => m !== event.data.authorId) }, { modified: at });
    case 'ViewSettingChanged': {
      const rest = Object.fromEntries(Object.entries(current.data).filter(([key]) => key !== 'viewSetting'));
      return withData(current, event.data.viewSetting ? { ...rest, viewSetting: event.data.viewSetting } : rest, { modified: at });
    }
    default:
      return evolveContent(current, event);
  }
};

export const evolveLink = (
  current: LinkDocument | null,
  event: RecordedEvent<ContributionEvent>,
): Omit<LinkDocument, '_position'> | null => {
  const at = event.metadata.at;
  switch (event.type) {
    case 'LinkCreated': {
      const { linkId, ...data } = event.data;
      return { _id: linkId, ...data, created: at, modified: at };
    }
    case 'LinkUpdated':
      return current ? { ...current, data: { ...current.data, ...event.data.data }, modified: at } : null;
    case 'LinkDeleted':
      return null;
    default:
      return current;
  }
};

/**
 * Contributions and links, folded from the `contribution-{id}` streams (a link
 * lives in the stream of its `from`).
 */
export const contributionsProjection: Projection = {
  name: 'contributions',
  // 3: drawings with bare attributes repaired (issue 21 §1).
  version: 3,
  collections: [
    // `data.favAuthors`: a pupil's favourites are found among the few starred contributions, not the community's thousands.
    // `data.noteId`: the promising ideas (deleted ones too) of the notes a time machine replays, not the community's every idea.
    {
      name: contributionsCollectionName,
      indexes: [['communityId'], ['type'], ['communityId', 'type'], ['data.favAuthors'], ['data.noteId']],
    },
    { name: linksCollectionName, indexes: [['communityId'], ['type'], ['from'], ['to'], ['communityId', 'type']] },
  ],
  handles: [...contributionEvents, ...linkEvents],
  apply: async (event, context) => {
    const e = event as RecordedEvent<ContributionEvent>;
    if (e.type === 'LinkCreated' || e.type === 'LinkUpdated' || e.type === 'LinkDeleted') {
      await evolveDocument(context.collection<LinkDocument>(linksCollectionName), e.data.linkId, event, (current) =>
        evolveLink(current, e),
      );
      return;
    }
    await evolveDocument(context.collection<ContributionDocument>(contributionsCollectionName), e.data.contributionId, event, (current) => {
      const next = evolveContribution(current, e);
      // The stream revision of the last change of the document (editors send it back with their save).
      return next && next !== current ? { ...next, revision: event.streamRevision } : next;
    });
  },
};

// ---- queries -------------------------------------------------------------

export const getContributionById = (contributions: Collection<ContributionDocument>, id: string) => contributions.get(id);

/** Links of one type starting at `from`, by `data.order` (then creation). */
export const linksFrom = async (links: Collection<LinkDocument>, from: string, type: LinkType): Promise<LinkDocument[]> => {
  const found = await links.find({ from, type });
  const order = (link: LinkDocument) => (typeof link.data.order === 'number' ? link.data.order : Number.MAX_SAFE_INTEGER);
  return found.sort((a, b) => order(a) - order(b) || a.created.localeCompare(b.created) || a._id.localeCompare(b._id));
};
