import { canRead, canWrite } from '../access/permissions.ts';

/**
 * Who may open and edit a view from the community's view list: the one access
 * rule (fact sheet §3.1, contracts/permissions.ts through domain/access), so
 * that the list and the canvas never disagree — managers (and admins) read and
 * write everything; anyone in the community reads a protected or public view
 * and writes a public one; a private view (or one whose permission is anything
 * else) only its authors and group members.
 */
export type ViewReader = { isManager: boolean; authorId: string | null };

export type ViewAccess = { permission: string; authors: readonly string[] };

export const mayReadView = (reader: ViewReader, view: ViewAccess, groupMembers: readonly string[] = []): boolean =>
  canRead(reader, { permission: view.permission, authors: view.authors, groupMembers });

/** Editing a view (moving refs, its settings): managers, anyone on a public view, else its authors and group members. */
export const mayEditView = (reader: ViewReader, view: ViewAccess, groupMembers: readonly string[] = []): boolean =>
  canWrite(reader, { permission: view.permission, authors: view.authors, groupMembers });
