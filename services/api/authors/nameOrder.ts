import { contextSettingsOf } from '../../../contracts/contributionData.ts';
import { contributionsCollectionName, type ContributionDocument } from '../../../projections/contributions/index.ts';
import type { ReadStore } from '../../core/readStore.ts';

/**
 * Whether a community shows last names first (its root context's `flipname`,
 * spec part 2; issue 21 §15). One read of the context document.
 */
export const lastNameFirstIn = async (readStore: ReadStore, community: { rootContextId: string }): Promise<boolean> => {
  const context = await readStore.collection<ContributionDocument>(contributionsCollectionName).get(community.rootContextId);
  return contextSettingsOf(context)?.flipname === true;
};

/** Whether the community's promising-ideas plugin is on (its root context's `plugins.promisingnessidea`). */
export const promisingOnIn = async (readStore: ReadStore, community: { rootContextId: string }): Promise<boolean> => {
  const context = await readStore.collection<ContributionDocument>(contributionsCollectionName).get(community.rootContextId);
  return contextSettingsOf(context)?.plugins?.promisingnessidea === true;
};
