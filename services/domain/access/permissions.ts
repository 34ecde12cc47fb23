import type { AccessObject, AccessSubject } from '../../../contracts/permissions.ts';

/**
 * Visibility and edit rights of contributions, as the server applies them.
 *
 * The rule itself (`canRead`, `canWrite`: fact sheet §3.1) lives in
 * `contracts/permissions.ts` because the web client uses it too, to hide what
 * the server would refuse; it is re-exported here on purpose so that server
 * code takes every access rule from the domain. What follows is what only the
 * server decides: how a stored contribution becomes an access object, who may
 * do what with a view, and what a new contribution inherits.
 */
export { canRead, canWrite, type AccessObject, type AccessSubject } from '../../../contracts/permissions.ts';

/** What of a contribution the access rule reads. */
export type Guarded = { permission: string; authors: readonly string[]; group?: string | null };

/** The author ids a group document lists as members (anything malformed counts as none). */
export const membersOfGroup = (group: { data: Record<string, unknown> } | undefined | null): string[] =>
  group && Array.isArray(group.data.members) ? group.data.members.filter((m): m is string => typeof m === 'string') : [];

/** A contribution as the access rule sees it, with its group's members. */
export const accessObject = (doc: Guarded, groupMembers: readonly string[]): AccessObject => ({
  permission: doc.permission,
  authors: doc.authors,
  groupMembers,
});

/** Whether `subject` is one of the contribution's authors. */
export const isAuthorOf = (subject: AccessSubject, doc: Pick<Guarded, 'authors'>): boolean =>
  subject.authorId !== null && doc.authors.includes(subject.authorId);
