import type { Event } from './event.ts';

export const communityStreamName = (communityId: string): string => `community-${communityId}`;

/**
 * A community. Its root context, first view and default scaffolds are
 * contributions with streams of their own, written just before
 * `CommunityCreated`, which names them: the community exists (and its parts
 * become visible) only once this event is stored.
 */
export type CommunityCreated = Event<
  'CommunityCreated',
  {
    communityId: string;
    title: string;
    registrationKey: string;
    managerRegistrationKey: string;
    /** The admin who created it; becomes its first manager and its owner. */
    createdBy: string;
    rootContextId: string;
    /** Registered views, in order (the first is 'Bienvenue'). */
    viewIds: string[];
    scaffoldIds: string[];
  }
>;

export type CommunityUpdated = Event<
  'CommunityUpdated',
  {
    communityId: string;
    title?: string;
    registrationKey?: string;
    managerRegistrationKey?: string;
    archived?: boolean;
  }
>;

/** A view added to (or removed from) the community's list of registered views. */
export type CommunityViewRegistered = Event<'CommunityViewRegistered', { communityId: string; viewId: string }>;
export type CommunityViewUnregistered = Event<'CommunityViewUnregistered', { communityId: string; viewId: string }>;
export type CommunityScaffoldRegistered = Event<'CommunityScaffoldRegistered', { communityId: string; scaffoldId: string }>;
/** Scaffold manager (issue 13 §5): a scaffold taken off the registered list (its contribution stays, for the notes that used it). */
export type CommunityScaffoldUnregistered = Event<'CommunityScaffoldUnregistered', { communityId: string; scaffoldId: string }>;
/** Scaffold manager's save-order: the registered scaffolds, all of them, in their new order. */
export type CommunityScaffoldsReordered = Event<'CommunityScaffoldsReordered', { communityId: string; scaffoldIds: string[] }>;

/** KF6's community save with `views` reordered (issue 15): the registered views, all of them, in their new order. */
export type CommunityViewsReordered = Event<'CommunityViewsReordered', { communityId: string; viewIds: string[] }>;

/** The multilanguage default language, copied from the root context on save. */
export type CommunityLanguageChanged = Event<'CommunityLanguageChanged', { communityId: string; lang: string }>;

export type CommunityEvent =
  | CommunityCreated
  | CommunityUpdated
  | CommunityViewRegistered
  | CommunityViewUnregistered
  | CommunityScaffoldRegistered
  | CommunityLanguageChanged
  | CommunityScaffoldUnregistered
  | CommunityScaffoldsReordered
  | CommunityViewsReordered;
