import type { Event } from './event.ts';

/**
 * Every object of a community's content — note, drawing, view, attachment,
 * scaffold, support, group, context … — has a stream `contribution-{id}`
 * holding its creation, its changes and the links that start from it.
 */
export const contributionStreamName = (contributionId: string): string => `contribution-${contributionId}`;

export const contributionTypes = [
  'Note',
  'Drawing',
  'Context',
  'View',
  'Attachment',
  'Annotation',
  'Scaffold',
  'Support',
  'Group',
  'promisingIdeacolorobj',
  'promisingIdeaobj',
] as const;
export type ContributionType = (typeof contributionTypes)[number];

export type ContributionStatus = 'unsaved' | 'active' | 'inactive';
export type Permission = 'private' | 'protected' | 'public';

export type ContributionCreated = Event<
  'ContributionCreated',
  {
    contributionId: string;
    communityId: string;
    type: ContributionType;
    title: string;
    status: ContributionStatus;
    permission: Permission;
    /** Author ids (memberships), the first is the primary author. */
    authors: string[];
    group: string | null;
    /** Type-specific content (context settings, group members, view setting, note body …). */
    data: Record<string, unknown>;
  }
>;

export type ContributionRetitled = Event<'ContributionRetitled', { contributionId: string; title: string }>;
export type ContributionStatusChanged = Event<
  'ContributionStatusChanged',
  { contributionId: string; status: ContributionStatus }
>;

/**
 * The whole `data` of a Context after a settings save. Replaces, never merges
 * (the original's deep merge could not remove keys).
 */
export type ContextSettingsChanged = Event<
  'ContextSettingsChanged',
  { contributionId: string; data: Record<string, unknown> }
>;

export type GroupMemberAdded = Event<'GroupMemberAdded', { contributionId: string; authorId: string }>;
export type GroupMemberRemoved = Event<'GroupMemberRemoved', { contributionId: string; authorId: string }>;

export const linkTypes = [
  'contains',
  'buildson',
  'references',
  'supports',
  'uses',
  'attach',
  'annotates',
  'promisings',
  'notifies',
] as const;
export type LinkType = (typeof linkTypes)[number];

/** A link, stored in the stream of the contribution it starts from. */
export type LinkCreated = Event<
  'LinkCreated',
  { linkId: string; communityId: string; from: string; to: string; type: LinkType; data: Record<string, unknown> }
>;
/** New values for some of the link's data fields (others are kept). */
export type LinkUpdated = Event<'LinkUpdated', { linkId: string; from: string; data: Record<string, unknown> }>;
export type LinkDeleted = Event<'LinkDeleted', { linkId: string; from: string }>;

export type ContributionEvent =
  | ContributionCreated
  | ContributionRetitled
  | ContributionStatusChanged
  | ContextSettingsChanged
  | GroupMemberAdded
  | GroupMemberRemoved
  | LinkCreated
  | LinkUpdated
  | LinkDeleted;
