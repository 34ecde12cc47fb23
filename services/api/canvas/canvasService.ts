import type { CreateContributionBody, CreateLinkBody, UpdateLinkBody } from '../../../contracts/api/canvas.ts';
import type { ViewSetting } from '../../../contracts/api/communities.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { createContribution } from './commands/createContribution.ts';
import { createLink } from './commands/createLink.ts';
import { createView } from './commands/createView.ts';
import { deleteLink } from './commands/deleteLink.ts';
import { deleteRefs } from './commands/deleteRefs.ts';
import { deleteView } from './commands/deleteView.ts';
import { markRead } from './commands/markRead.ts';
import { moveRefs } from './commands/moveRefs.ts';
import { openWorkspace } from './commands/openWorkspace.ts';
import { reparentView } from './commands/reparentView.ts';
import { riseAbove } from './commands/riseAbove.ts';
import { setViewSetting } from './commands/setViewSetting.ts';
import type { CanvasDeps } from './commands/shared.ts';
import { updateRef } from './commands/updateRef.ts';
import { updateRefs } from './commands/updateRefs.ts';
import { viewTree } from './queries/viewTree.ts';

export type CanvasServiceDeps = CanvasDeps;
export { emptyDrawingSvg } from './commands/createContribution.ts';
export { unpackOffset } from '../../domain/view/riseAbove.ts';

/**
 * The canvas's writes (and the view tree), one command per file under
 * canvas/commands/: placing, moving, fixing, locking and removing refs,
 * creating contributions where they are placed, rise-above, the view manager,
 * the personal workspace and reads. This object only binds the commands to
 * their dependencies for the routes; it holds no logic. Every rule is in
 * services/domain; every command returns once the read models show its events.
 */
export class CanvasService {
  constructor(private readonly deps: CanvasDeps) {}

  createContribution = (user: UserDocument, communityId: string, body: CreateContributionBody) =>
    createContribution(this.deps, user, communityId, body);
  createLink = (user: UserDocument, body: CreateLinkBody) => createLink(this.deps, user, body);
  updateRef = (user: UserDocument, linkId: string, body: UpdateLinkBody) => updateRef(this.deps, user, linkId, body);
  updateRefs = (user: UserDocument, viewId: string, changes: readonly { linkId: string; data: UpdateLinkBody['data'] }[]) =>
    updateRefs(this.deps, user, viewId, changes);
  deleteLink = (user: UserDocument, linkId: string) => deleteLink(this.deps, user, linkId);
  deleteRefs = (user: UserDocument, viewId: string, linkIds: string[]) => deleteRefs(this.deps, user, viewId, linkIds);
  moveRefs = (user: UserDocument, viewId: string, input: { linkIds: string[]; toViewId: string; x: number; y: number }) =>
    moveRefs(this.deps, user, viewId, input);
  setViewSetting = (user: UserDocument, viewId: string, viewSetting: ViewSetting | null) =>
    setViewSetting(this.deps, user, viewId, viewSetting);
  riseAbove = (user: UserDocument, viewId: string, input: { title: string; linkIds?: string[] }) =>
    riseAbove(this.deps, user, viewId, input);
  createView = (user: UserDocument, communityId: string, input: { title: string; viewSetting?: ViewSetting }) =>
    createView(this.deps, user, communityId, input);
  deleteView = (user: UserDocument, viewId: string) => deleteView(this.deps, user, viewId);
  reparentView = (user: UserDocument, viewId: string, input: { parentId: string | null; oldParentId?: string | null }) =>
    reparentView(this.deps, user, viewId, input);
  viewTree = (user: UserDocument, communityId: string) => viewTree(this.deps.reader, user, communityId);
  workspace = (user: UserDocument, communityId: string) => openWorkspace(this.deps, user, communityId);
  markRead = (user: UserDocument, communityId: string, contributionId: string) => markRead(this.deps, user, communityId, contributionId);
}
