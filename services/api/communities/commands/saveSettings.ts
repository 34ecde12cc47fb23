import type { CommunitySettings, ContextData } from '../../../../contracts/api/communities.ts';
import type { CommunityEvent } from '../../../../contracts/events/community.ts';
import type { ContributionEvent } from '../../../../contracts/events/contribution.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { linksFrom } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import type { CommandResult } from '../../../core/decider.ts';
import { ValidationError } from '../../../core/errors.ts';
import { checkContextSettings, checkScaffoldList, usesLinkChanges } from '../../../domain/community/settings.ts';
import type { ContributionCommand } from '../../../domain/contribution/contribution.decide.ts';
import { eventMetadata } from '../commandSupport.ts';
import { communityCollections, runOnCommunity, runOnContribution, settle, type CommunityServiceDeps } from '../communityContext.ts';
import { rootContext, settingsOf } from '../queries/settings.ts';

/**
 * Saves the community settings (managers): replaces the root context's data,
 * makes its `uses` links match `scaffoldIds` in order, and copies the default
 * language to the community when it changed.
 */
export const saveSettings = async (
  deps: CommunityServiceDeps,
  user: UserDocument,
  communityId: string,
  input: { data: ContextData; scaffoldIds: string[] },
): Promise<CommunitySettings> => {
  const { community } = await deps.access.manager(user, communityId);
  const { contributions, links } = communityCollections(deps);
  const data = checkContextSettings(input.data);
  checkScaffoldList(input.scaffoldIds);
  const scaffolds = await contributions.find({ _id: { $in: input.scaffoldIds } });
  const known = new Set(scaffolds.filter((s) => s.type === 'Scaffold' && s.communityId === communityId).map((s) => s._id));
  if (input.scaffoldIds.some((id) => !known.has(id))) throw ValidationError.field('scaffoldIds', msg('communityService.unknownScaffold'));

  const context = await rootContext(deps, community);
  const changes = usesLinkChanges(await linksFrom(links, context._id, 'uses'), input.scaffoldIds);
  const commands: ContributionCommand[] = [
    { type: 'ChangeContextSettings', data: { data } },
    ...changes.existing.map((change): ContributionCommand =>
      change.kind === 'delete'
        ? { type: 'DeleteLink', data: { linkId: change.linkId } }
        : { type: 'UpdateLink', data: { linkId: change.linkId, data: { order: change.order } } },
    ),
    ...changes.create.map(({ scaffoldId, order }): ContributionCommand => ({
      type: 'CreateLink',
      data: { linkId: deps.ids.next(), to: scaffoldId, type: 'uses', data: { order } },
    })),
  ];
  const metadata = eventMetadata(deps.clock, user._id);
  const results: CommandResult<unknown, ContributionEvent | CommunityEvent>[] = [
    await runOnContribution(deps, context._id, commands, metadata),
  ];
  if (data.defaultLang && data.defaultLang !== community.lang) {
    results.push(await runOnCommunity(deps, communityId, { type: 'ChangeCommunityLanguage', data: { lang: data.defaultLang } }, metadata));
  }
  await settle(deps, results);
  return settingsOf(deps, await deps.access.community(communityId));
};
