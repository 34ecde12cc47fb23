import type { ContextData } from '../../../contracts/api/communities.ts';
import type { ContributionCreated } from '../../../contracts/events/contribution.ts';
import type { ContributionCommand } from '../contribution/contribution.decide.ts';

/** A second creation with the same title by the same admin within this time is refused (409). */
export const duplicateCreationWindowMs = 5_000;

/** What identifies "the same creation" for the double-submit guard: the admin and the title, any case. */
export const duplicateCreationKey = (adminId: string, title: string): string => `community-create:${adminId}:${title.toLowerCase()}`;

/** The scaffolds a new community starts with (titles from contracts/messages.ts). */
export type ScaffoldTemplate = { title: string; supports: readonly string[] };

/** The creation of an active contribution with no group (the parts of a community and its scaffolds). */
export const createActive = (input: {
  contributionId: string;
  communityId: string;
  type: ContributionCreated['data']['type'];
  permission: ContributionCreated['data']['permission'];
  title: string;
  authors: string[];
  data?: Record<string, unknown>;
}): ContributionCommand => ({
  type: 'CreateContribution',
  data: { ...input, status: 'active', group: null, data: input.data ?? {} },
});

/** The commands of one contribution stream of a new community. */
export type SeedStream = { contributionId: string; commands: ContributionCommand[] };

/** A new community's parts, written before `CommunityCreated` names them (and invisible until then). */
export type CommunitySeed = {
  rootContextId: string;
  viewId: string;
  scaffoldIds: string[];
  /** In writing order: the root context (with its `uses` links), the welcome view, then each scaffold's supports and the scaffold. */
  streams: SeedStream[];
};

/**
 * The parts of a new community: its root context holding `contextData` and
 * offering the scaffolds (through `uses` links, in order from 1), the
 * welcome view, and each scaffold with its supports (`contains` links, in
 * order from 0). Everything is active and authored by the creator; ids come from `newId`.
 */
export const planCommunitySeed = (input: {
  communityId: string;
  title: string;
  creatorAuthorId: string;
  welcomeViewTitle: string;
  scaffolds: readonly ScaffoldTemplate[];
  contextData: ContextData;
  newId: () => string;
}): CommunitySeed => {
  const { communityId, creatorAuthorId, newId } = input;
  const rootContextId = newId();
  const viewId = newId();
  const scaffolds = input.scaffolds.map((scaffold) => ({
    id: newId(),
    title: scaffold.title,
    supports: scaffold.supports.map((supportTitle) => ({ id: newId(), title: supportTitle })),
  }));
  const create = (
    contributionId: string,
    type: ContributionCreated['data']['type'],
    permission: ContributionCreated['data']['permission'],
    title: string,
    data: Record<string, unknown> = {},
  ): ContributionCommand => createActive({ contributionId, communityId, type, permission, title, authors: [creatorAuthorId], data });
  const streams: SeedStream[] = [
    {
      contributionId: rootContextId,
      commands: [
        create(rootContextId, 'Context', 'protected', `Community Setting: ${input.title}`, input.contextData),
        ...scaffolds.map((scaffold, index): ContributionCommand => ({
          type: 'CreateLink',
          data: { linkId: newId(), to: scaffold.id, type: 'uses', data: { order: index + 1 } },
        })),
      ],
    },
    { contributionId: viewId, commands: [create(viewId, 'View', 'public', input.welcomeViewTitle)] },
  ];
  for (const scaffold of scaffolds) {
    for (const support of scaffold.supports) {
      streams.push({ contributionId: support.id, commands: [create(support.id, 'Support', 'protected', support.title)] });
    }
    streams.push({
      contributionId: scaffold.id,
      commands: [
        create(scaffold.id, 'Scaffold', 'protected', scaffold.title),
        ...scaffold.supports.map((support, order): ContributionCommand => ({
          type: 'CreateLink',
          data: { linkId: newId(), to: support.id, type: 'contains', data: { order } },
        })),
      ],
    });
  }
  return { rootContextId, viewId, scaffoldIds: scaffolds.map((s) => s.id), streams };
};
