import type { Permission } from '../../../contracts/events/contribution.ts';

/** What a new contribution inherits from where it is made. */
export type Inherited = { permission: Permission; group: string | null };

type Source = { permission: string; group: string | null } | null;

/**
 * Permission and group of a new contribution: private (with its group) under a
 * private parent, else in a private view; otherwise protected — views public,
 * so that a new view is open to the community (fact sheet §3.1).
 */
export const inheritedAccess = (type: string, parent: Source, view: Source): Inherited => {
  if (parent?.permission === 'private') return { permission: 'private', group: parent.group };
  if (view?.permission === 'private') return { permission: 'private', group: view.group };
  return { permission: type === 'View' ? 'public' : 'protected', group: null };
};
