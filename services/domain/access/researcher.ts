import type { CommunityRole } from '../../../contracts/events/author.ts';

/**
 * The read-only research role (issue 24 §5). A researcher of a community reads
 * what its managers read (every note, every name) and changes nothing; pupils
 * never see one (not in author lists, presence or selectors). Pure rules: the
 * community gate (services/api/communities/access.ts) and the research API call them.
 */

export type RoleInCommunity = CommunityRole | 'admin' | null;

/** Reads as a manager does: managers, researchers and admins. */
export const seesAsManager = (role: RoleInCommunity): boolean => role === 'manager' || role === 'researcher' || role === 'admin';

/** May change anything in the community: any member but a researcher (admins always). */
export const mayWriteInCommunity = (role: RoleInCommunity): boolean => role === 'manager' || role === 'writer' || role === 'admin';

/** May call the research API of the community: its researchers and managers, and admins. */
export const mayUseResearchApi = (role: RoleInCommunity): boolean => seesAsManager(role);

/** Names of the people the research API shows as they are (others get pseudonyms): managers and admins. */
export const seesRealNamesInResearch = (role: RoleInCommunity): boolean => role === 'manager' || role === 'admin';

/** Whether a member with `role` is shown to a viewer: researchers are shown only to those who see as managers. */
export const memberShownTo = (memberRole: CommunityRole, viewer: { role: RoleInCommunity; isSelf: boolean }): boolean =>
  memberRole !== 'researcher' || viewer.isSelf || seesAsManager(viewer.role);

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An HTTP method that asks to change something. */
export const isWriteMethod = (method: string): boolean => writeMethods.has(method.toUpperCase());
