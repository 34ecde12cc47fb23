import type { AuthorEvent, CommunityRole } from '../../contracts/events/author.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { evolveDocument, type Projection, type Versioned } from '../../services/core/projection.ts';

/** A user's membership of a community (KF6's KAuthor). */
export type AuthorDocument = Versioned & {
  _id: string;
  communityId: string;
  userId: string;
  role: CommunityRole;
  userName: string;
  userNameLower: string;
  firstName: string;
  lastName: string;
  email: string;
  blockLogin: boolean;
  /** Position in the member's own community list. */
  order: number;
  /** Personal workspace views (the first is used). */
  workspaces: string[];
  created: string;
  modified: string;
};

export const authorsCollectionName = 'authors';

const handled: AuthorEvent['type'][] = [
  'AuthorJoined',
  'AuthorRoleChanged',
  'AuthorLoginBlocked',
  'AuthorLoginUnblocked',
  'AuthorRenamed',
  'AuthorOrderChanged',
  'AuthorWorkspaceSet',
];

const evolve = (current: AuthorDocument | null, event: RecordedEvent<AuthorEvent>): Omit<AuthorDocument, '_position'> | null => {
  const at = event.metadata.at;
  if (event.type === 'AuthorJoined') {
    const { data } = event;
    return {
      _id: data.authorId,
      communityId: data.communityId,
      userId: data.userId,
      role: data.role,
      userName: data.userName,
      userNameLower: data.userName.toLowerCase(),
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
      blockLogin: false,
      order: 1,
      workspaces: [],
      created: at,
      modified: at,
    };
  }
  if (!current) return null;
  switch (event.type) {
    case 'AuthorRoleChanged':
      return { ...current, role: event.data.role, modified: at };
    case 'AuthorLoginBlocked':
      return { ...current, blockLogin: true, modified: at };
    case 'AuthorLoginUnblocked':
      return { ...current, blockLogin: false, modified: at };
    case 'AuthorRenamed':
      return { ...current, firstName: event.data.firstName, lastName: event.data.lastName, modified: at };
    case 'AuthorOrderChanged':
      return { ...current, order: event.data.order, modified: at };
    case 'AuthorWorkspaceSet':
      return { ...current, workspaces: [event.data.viewId, ...current.workspaces.filter((id) => id !== event.data.viewId)], modified: at };
    default:
      return current;
  }
};

export const authorsProjection: Projection = {
  name: 'authors',
  version: 1,
  collections: [{ name: authorsCollectionName, indexes: [['communityId'], ['userId'], ['communityId', 'role']] }],
  handles: handled,
  apply: async (event, context) => {
    const authorEvent = event as RecordedEvent<AuthorEvent>;
    await evolveDocument(context.collection<AuthorDocument>(authorsCollectionName), authorEvent.data.authorId, event, (current) =>
      evolve(current, authorEvent),
    );
  },
};
