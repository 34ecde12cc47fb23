import type {
  CommunityAdmin,
  CommunityInfo,
  CommunitySettings,
  CommunitySummary,
  ContextData,
  Group,
  Scaffold,
  ViewSummary,
} from '../../../contracts/api/communities.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { createCommunity } from './commands/createCommunity.ts';
import { addGroupMember, createGroup, removeGroup, removeGroupMember } from './commands/groups.ts';
import { createContext, type NewContext } from './commands/createContext.ts';
import { reorderCommunity, type CommunityOrder } from './commands/reorderCommunity.ts';
import { saveSettings } from './commands/saveSettings.ts';
import { updateAllCache } from './commands/updateAllCache.ts';
import { updateCommunity } from './commands/updateCommunity.ts';
import type { CommunityServiceDeps } from './communityContext.ts';
import { getCommunity, listCommunities } from './queries/communities.ts';
import { listGroups } from './queries/groups.ts';
import { communitySettings, scaffolds } from './queries/settings.ts';
import { listViews, viewPage } from './queries/views.ts';

export type { CommunityServiceDeps } from './communityContext.ts';
export { toCommunityAdmin, toCommunityInfo, toCommunitySummary } from './communityReplies.ts';
export { defaultContextData } from '../../domain/community/settings.ts';
export { duplicateCreationWindowMs } from '../../domain/community/creation.ts';
/** Messages of these routes that the spec does not fix (kept in contracts, where they get their codes). */
export { CommunityServiceMessages } from '../../../contracts/catalogs/communityService.ts';

/**
 * Use cases of communities, their settings (the root context), views, groups
 * and scaffolds, one module each under commands/ and queries/. Every change
 * is a command on an event stream; every method that changes something
 * returns once the read models show it. This facade only binds the
 * dependencies, so that routes keep one `services.communities`.
 */
export class CommunityService {
  constructor(private readonly deps: CommunityServiceDeps) {}

  list(user: UserDocument): Promise<CommunitySummary[]> {
    return listCommunities(this.deps, user);
  }

  create(admin: UserDocument, input: { title: string; registrationKey: string; managerRegistrationKey: string }): Promise<CommunityAdmin> {
    return createCommunity(this.deps, admin, input);
  }

  get(user: UserDocument, communityId: string): Promise<CommunityInfo | CommunityAdmin> {
    return getCommunity(this.deps, user, communityId);
  }

  update(
    admin: UserDocument,
    communityId: string,
    changes: { title?: string; registrationKey?: string; managerRegistrationKey?: string; archived?: boolean },
  ): Promise<CommunityAdmin> {
    return updateCommunity(this.deps, admin, communityId, changes);
  }

  /** A manager's new order of the registered views and scaffolds (the KF6 community save). */
  reorder(user: UserDocument, communityId: string, order: CommunityOrder): Promise<CommunityInfo | CommunityAdmin> {
    return reorderCommunity(this.deps, user, communityId, order);
  }

  /** A manager's new context of the community (the KF6 client's `POST /api/contexts/{communityId}`); its id. */
  createContext(user: UserDocument, communityId: string, context: NewContext): Promise<string> {
    return createContext(this.deps, user, communityId, context);
  }

  views(user: UserDocument, communityId: string): Promise<ViewSummary[]> {
    return listViews(this.deps, user, communityId);
  }

  viewPage(user: UserDocument, viewId: string) {
    return viewPage(this.deps, user, viewId);
  }

  settings(user: UserDocument, communityId: string): Promise<CommunitySettings> {
    return communitySettings(this.deps, user, communityId);
  }

  saveSettings(user: UserDocument, communityId: string, input: { data: ContextData; scaffoldIds: string[] }): Promise<CommunitySettings> {
    return saveSettings(this.deps, user, communityId, input);
  }

  scaffolds(user: UserDocument, communityId: string): Promise<Scaffold[]> {
    return scaffolds(this.deps, user, communityId);
  }

  groups(user: UserDocument, communityId: string): Promise<Group[]> {
    return listGroups(this.deps, user, communityId);
  }

  createGroup(user: UserDocument, communityId: string, title: string): Promise<Group> {
    return createGroup(this.deps, user, communityId, title);
  }

  removeGroup(user: UserDocument, communityId: string, groupId: string): Promise<Group> {
    return removeGroup(this.deps, user, communityId, groupId);
  }

  addGroupMember(user: UserDocument, communityId: string, groupId: string, authorId: string): Promise<Group> {
    return addGroupMember(this.deps, user, communityId, groupId, authorId);
  }

  removeGroupMember(user: UserDocument, communityId: string, groupId: string, authorId: string): Promise<Group> {
    return removeGroupMember(this.deps, user, communityId, groupId, authorId);
  }

  updateAllCache(admin: UserDocument, communityId: string): Promise<{ events: number }> {
    return updateAllCache(this.deps, admin, communityId);
  }
}
