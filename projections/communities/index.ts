import type { CommunityEvent } from '../../contracts/events/community.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { evolveDocument, type Projection, type Versioned } from '../../services/core/projection.ts';

/** A community. Keys are here: only admin-facing replies may copy them. */
export type CommunityDocument = Versioned & {
  _id: string;
  title: string;
  registrationKey: string;
  managerRegistrationKey: string;
  archived: boolean;
  created: string;
  modified: string;
  rootContextId: string;
  views: string[];
  scaffolds: string[];
  lang: string;
  ownerUserId: string;
};

export const communitiesCollectionName = 'communities';

const handled: CommunityEvent['type'][] = [
  'CommunityCreated',
  'CommunityUpdated',
  'CommunityViewRegistered',
  'CommunityViewUnregistered',
  'CommunityScaffoldRegistered',
  'CommunityLanguageChanged',
  'CommunityScaffoldUnregistered',
  'CommunityScaffoldsReordered',
  'CommunityViewsReordered',
];

const withoutUndefined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

const evolve = (current: CommunityDocument | null, event: RecordedEvent<CommunityEvent>): Omit<CommunityDocument, '_position'> | null => {
  const at = event.metadata.at;
  if (event.type === 'CommunityCreated') {
    const { data } = event;
    return {
      _id: data.communityId,
      title: data.title,
      registrationKey: data.registrationKey,
      managerRegistrationKey: data.managerRegistrationKey,
      archived: false,
      created: at,
      modified: at,
      rootContextId: data.rootContextId,
      views: [...data.viewIds],
      scaffolds: [...data.scaffoldIds],
      lang: '',
      ownerUserId: data.createdBy,
    };
  }
  if (!current) return null;
  switch (event.type) {
    case 'CommunityUpdated': {
      const { communityId: _id, ...changes } = event.data;
      return { ...current, ...withoutUndefined(changes), modified: at };
    }
    case 'CommunityViewRegistered':
      return current.views.includes(event.data.viewId)
        ? current
        : { ...current, views: [...current.views, event.data.viewId], modified: at };
    case 'CommunityViewUnregistered':
      return { ...current, views: current.views.filter((id) => id !== event.data.viewId), modified: at };
    case 'CommunityScaffoldRegistered':
      return current.scaffolds.includes(event.data.scaffoldId)
        ? current
        : { ...current, scaffolds: [...current.scaffolds, event.data.scaffoldId], modified: at };
    case 'CommunityLanguageChanged':
      return { ...current, lang: event.data.lang, modified: at };
    case 'CommunityScaffoldUnregistered':
      return { ...current, scaffolds: current.scaffolds.filter((id) => id !== event.data.scaffoldId), modified: at };
    case 'CommunityScaffoldsReordered':
      return { ...current, scaffolds: [...event.data.scaffoldIds], modified: at };
    case 'CommunityViewsReordered':
      return { ...current, views: [...event.data.viewIds], modified: at };
    default:
      return current;
  }
};

export const communitiesProjection: Projection = {
  name: 'communities',
  version: 1,
  collections: [{ name: communitiesCollectionName, indexes: [['archived']] }],
  handles: handled,
  apply: async (event, context) => {
    const communityEvent = event as RecordedEvent<CommunityEvent>;
    await evolveDocument(
      context.collection<CommunityDocument>(communitiesCollectionName),
      communityEvent.data.communityId,
      event,
      (current) => evolve(current, communityEvent),
    );
  },
};
