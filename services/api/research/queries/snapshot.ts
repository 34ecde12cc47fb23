import { notePlainText } from '../../../domain/text/plainText.ts';
import type { ResearchSnapshotReply } from '../../../../contracts/api/research.ts';
import { historicalObjectsCollectionName, type HistoricalObjectDocument } from '../../../../projections/history/index.ts';
import type { ReadStore } from '../../../core/readStore.ts';
import type { People } from '../../../domain/research/pseudonyms.ts';

/**
 * GET /api/research/{communityId}/snapshot?at=: the community as it was at an
 * instant, folded from the history read model (every version of every
 * contribution and link): each object's latest version at or before `at`
 * (by stream revision, as services/domain/research/kbdex.ts folds them).
 * Views get their placements (`contains` links: positions), the other links
 * are listed, and every contribution's state: title, plain text, authors,
 * permission, status. The reader sees as a manager: private notes included.
 */

type Version = Pick<HistoricalObjectDocument, 'type' | 'dataId' | 'operation' | 'revision' | 'at' | 'data'>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The latest version of each object or link at or before `at` (ms). */
export const statesAt = (versions: readonly Version[], at: number): Map<string, Version> => {
  const latest = new Map<string, Version>();
  for (const version of versions) {
    if (Date.parse(version.at) > at) continue;
    const known = latest.get(version.dataId);
    if (!known || version.revision > known.revision || (version.revision === known.revision && version.at > known.at)) {
      latest.set(version.dataId, version);
    }
  }
  return latest;
};

/** The snapshot from versions (pure; the query below reads them). */
export const snapshotOf = (
  versions: readonly Version[],
  input: { communityId: string; at: number; people: People },
): ResearchSnapshotReply => {
  const states = statesAt(versions, input.at);
  const contributions: ResearchSnapshotReply['contributions'] = [];
  const views = new Map<string, ResearchSnapshotReply['views'][number]>();
  for (const version of states.values()) {
    if (version.type !== 'Object') continue;
    const data = version.data;
    contributions.push({
      id: version.dataId,
      type: text(data.type),
      title: text(data.title),
      text: notePlainText(data),
      authors: strings(data.authors).map((id) => input.people.idOf(id)),
      permission: text(data.permission),
      status: text(data.status),
      created: text(data.created),
    });
    if (data.type === 'View') views.set(version.dataId, { viewId: version.dataId, title: text(data.title), refs: [] });
  }
  const links: ResearchSnapshotReply['links'] = [];
  for (const version of states.values()) {
    if (version.type !== 'Link' || version.operation === 'deleted') continue;
    const data = version.data;
    const placement = (typeof data.data === 'object' && data.data !== null ? data.data : {}) as Record<string, unknown>;
    if (data.type === 'contains') {
      const view = views.get(text(data.from));
      if (view) {
        view.refs.push({
          linkId: version.dataId,
          to: text(data.to),
          x: numberOrNull(placement.x),
          y: numberOrNull(placement.y),
          data: input.people.clean(placement),
        });
      }
      continue;
    }
    links.push({ linkId: version.dataId, type: text(data.type), from: text(data.from), to: text(data.to) });
  }
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
  return {
    communityId: input.communityId,
    at: new Date(input.at).toISOString(),
    pseudonymised: input.people.pseudonymised,
    views: [...views.values()]
      .map((view) => ({ ...view, refs: view.refs.sort((a, b) => a.linkId.localeCompare(b.linkId)) }))
      .sort((a, b) => a.viewId.localeCompare(b.viewId)),
    links: links.sort((a, b) => a.linkId.localeCompare(b.linkId)),
    contributions: contributions.sort(byId),
  };
};

export const communitySnapshot = async (
  readStore: ReadStore,
  input: { communityId: string; at: number; people: People },
): Promise<ResearchSnapshotReply> => {
  const versions = await readStore
    .collection<HistoricalObjectDocument>(historicalObjectsCollectionName)
    .find({ communityId: input.communityId });
  return snapshotOf(versions, input);
};
