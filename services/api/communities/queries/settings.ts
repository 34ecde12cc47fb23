import type { CommunitySettings, Scaffold } from '../../../../contracts/api/communities.ts';
import type { OfType } from '../../../../contracts/contributionData.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { CommunityDocument } from '../../../../projections/communities/index.ts';
import { linksFrom, type ContributionDocument } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { NotFoundError } from '../../../core/errors.ts';
import { completeContextData } from '../../../domain/community/settings.ts';
import type { CommandDeps } from '../../../core/commandDeps.ts';
import { communityCollections, type CommunityServiceDeps } from '../communityContext.ts';

/** The community's root context (its settings). */
export const rootContext = async (
  deps: Pick<CommandDeps, 'readStore'>,
  community: CommunityDocument,
): Promise<OfType<ContributionDocument, 'Context'>> => {
  const context = await communityCollections(deps).contributions.get(community.rootContextId);
  if (!context || context.type !== 'Context') throw new NotFoundError(msg('errors.communitySettingsNotFound'));
  return context;
};

/** The settings as every screen reads them, and the scaffolds the editor offers, in order. */
export const settingsOf = async (deps: Pick<CommandDeps, 'readStore'>, community: CommunityDocument): Promise<CommunitySettings> => {
  const context = await rootContext(deps, community);
  const uses = await linksFrom(communityCollections(deps).links, context._id, 'uses');
  return { contextId: context._id, data: completeContextData(context.data), scaffoldIds: uses.map((link) => link.to) };
};

export const communitySettings = async (
  deps: CommunityServiceDeps,
  user: UserDocument,
  communityId: string,
): Promise<CommunitySettings> => {
  const grant = await deps.access.member(user, communityId);
  return settingsOf(deps, grant.community);
};

/** Registered, active scaffolds with their supports in order. */
export const scaffolds = async (deps: CommunityServiceDeps, user: UserDocument, communityId: string): Promise<Scaffold[]> => {
  const { contributions, links } = communityCollections(deps);
  const grant = await deps.access.member(user, communityId);
  const ids = grant.community.scaffolds;
  const docs = await contributions.find({ _id: { $in: ids }, type: 'Scaffold', status: 'active', communityId });
  const byId = new Map(docs.map((doc) => [doc._id, doc]));
  const result: Scaffold[] = [];
  for (const id of ids) {
    const scaffold = byId.get(id);
    if (!scaffold) continue;
    const contains = await linksFrom(links, id, 'contains');
    const supports = await contributions.find({ _id: { $in: contains.map((link) => link.to) }, status: 'active' });
    const supportById = new Map(supports.map((s) => [s._id, s]));
    result.push({
      _id: id,
      title: scaffold.title,
      supports: contains.flatMap((link) => {
        const support = supportById.get(link.to);
        return support
          ? [{ _id: support._id, title: support.title, order: typeof link.data.order === 'number' ? link.data.order : 0 }]
          : [];
      }),
    });
  }
  return result;
};
