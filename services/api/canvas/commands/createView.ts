import type { ViewSetting, ViewSummary } from '../../../../contracts/api/communities.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { toViewSummary } from '../replies.ts';
import { createContribution } from './createContribution.ts';
import type { CanvasDeps } from './shared.ts';

/** View manager: a registered public view titled `title` (empty → 400 field title). */
export const createView = async (
  deps: CanvasDeps,
  user: UserDocument,
  communityId: string,
  input: { title: string; viewSetting?: ViewSetting },
): Promise<ViewSummary> => {
  const reply = await createContribution(deps, user, communityId, {
    type: 'View',
    title: input.title,
    ...(input.viewSetting ? { viewSetting: input.viewSetting } : {}),
  });
  return toViewSummary(await deps.reader.view(reply.contribution._id));
};
