/**
 * The access rule of Knowledge Forum (fact sheet §3.1, spec part 1 §6), shared
 * by the server (which enforces it) and the web client (which only uses it to
 * hide what would be refused):
 *
 * | permission | authors & group members | other members |
 * |---|---|---|
 * | private    | read, write             | nothing       |
 * | protected  | read, write             | read          |
 * | public     | read, write             | read, write   |
 *
 * Community managers (and admins) may read and write everything.
 */
export type AccessSubject = {
  /** The caller's author id in this community (null for an admin who is not a member). */
  authorId: string | null;
  /** Manager of the community, or admin. */
  isManager: boolean;
};

export type AccessObject = {
  /** A `Permission`; anything else grants nothing beyond insiders. */
  permission: string;
  authors: readonly string[];
  /** Author ids of the object's group, if it has one. */
  groupMembers?: readonly string[];
};

const isInsider = (subject: AccessSubject, object: AccessObject): boolean =>
  subject.authorId !== null && (object.authors.includes(subject.authorId) || (object.groupMembers?.includes(subject.authorId) ?? false));

export const canRead = (subject: AccessSubject, object: AccessObject): boolean => {
  if (subject.isManager) return true;
  if (object.permission === 'protected' || object.permission === 'public') return true;
  return isInsider(subject, object);
};

export const canWrite = (subject: AccessSubject, object: AccessObject): boolean => {
  if (subject.isManager) return true;
  if (object.permission === 'public') return true;
  return isInsider(subject, object);
};
