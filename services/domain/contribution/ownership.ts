/**
 * Who may change what a contribution belongs to and who may see it (its
 * permission, group and co-authors): its authors and the community's managers
 * only. Being allowed to edit a public or group note is not enough: a
 * classmate must not make himself co-author and then hide or publish it
 * (issue 20 §3).
 */
export const mayChangeOwnership = (subject: { authorId: string | null; isManager: boolean }, authors: readonly string[]): boolean =>
  subject.isManager || (subject.authorId !== null && authors.includes(subject.authorId));

/**
 * Who may delete a contribution, i.e. make it inactive (there is no other
 * deletion): its authors and the community's managers (spec part 2 §6:
 * non-managers delete only what they authored; a view, like DELETE
 * /api/views, only by its authors and managers). Being allowed to write a
 * public contribution is not enough: a classmate must not make a pupil's
 * public note, or the class's welcome view, vanish through a save.
 */
export const mayDeactivate = (subject: { authorId: string | null; isManager: boolean }, authors: readonly string[]): boolean =>
  mayChangeOwnership(subject, authors);

/** Whether a group may be given to a contribution of `communityId`: an active group of the same community. */
export const isAssignableGroup = (
  group: { type: string; communityId: string; status: string } | null | undefined,
  communityId: string,
): boolean =>
  group !== null && group !== undefined && group.type === 'Group' && group.communityId === communityId && group.status === 'active';
