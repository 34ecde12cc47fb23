/**
 * Who may open and edit a view from the community's view list (fact sheet
 * §3.1): managers (and admins) read everything; anyone in the community reads
 * what is not private; a private view only its authors and group members.
 */
export type ViewReader = { isManager: boolean; authorId: string | null };

export type ViewAccess = { permission: string; authors: readonly string[] };

const isInsider = (reader: ViewReader, view: ViewAccess, groupMembers: readonly string[]): boolean =>
  reader.authorId !== null && (view.authors.includes(reader.authorId) || groupMembers.includes(reader.authorId));

export const mayReadView = (reader: ViewReader, view: ViewAccess, groupMembers: readonly string[] = []): boolean =>
  reader.isManager || view.permission !== 'private' || isInsider(reader, view, groupMembers);

/** Editing a view (moving refs, its settings): managers, anyone on a public view, else its authors and group members. */
export const mayEditView = (reader: ViewReader, view: ViewAccess, groupMembers: readonly string[] = []): boolean =>
  reader.isManager || view.permission === 'public' || isInsider(reader, view, groupMembers);
