import type { ContributionEvent } from '../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import type { Projection, Versioned } from '../../services/core/projection.ts';
import type { Collection } from '../../services/core/readStore.ts';
import { contentEvents } from '../contributions/content.ts';
import { evolveContribution, evolveLink, type ContributionDocument, type LinkDocument } from '../contributions/index.ts';

/**
 * Historical objects (KF6's KHistoricalObject): a copy of a contribution, or of
 * a link, as it was right after each event of its stream. Derived from the
 * events, never written by a command, so history is exact and a rebuild gives
 * the same documents (ids come from the event's global position).
 */
export type HistoricalObjectDocument = Versioned & {
  /** 24-hex: the event's global position. */
  _id: string;
  communityId: string;
  /** 'Object' for a contribution, 'Link' for a link. */
  type: 'Object' | 'Link';
  /** The contribution's or the link's id. */
  dataId: string;
  /** The contribution's type (Note, Drawing …) or the link's type (supports …). */
  dataType: string;
  /** created / modified / deleted. */
  operation: 'created' | 'modified' | 'deleted';
  /** The event that made this version. */
  eventType: string;
  /** Revision of the event in the contribution's stream. */
  revision: number;
  at: string;
  /** The user who made the change (null for system actions). */
  authorId: string | null;
  /** The whole object (or link) after the change; the link before its deletion. */
  data: Record<string, unknown>;
};

/** The latest version of each object and link, to fold the next event onto. */
type HeadDocument = Versioned & { _id: string; data: Record<string, unknown> | null };

export const historicalObjectsCollectionName = 'historicalobjects';
const headsCollectionName = 'historicalheads';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const linkEvents = new Set(['LinkCreated', 'LinkUpdated', 'LinkDeleted']);

/**
 * A version's 24-hex id: the first 96 bits of its event's random id (a UUID),
 * so ids are stable across rebuilds but cannot be counted through, unlike the
 * global position they were before (issue 20 §14). An event id that is not a
 * UUID (none is written so) falls back to the position.
 */
export const historicalIdOf = (event: { eventId: string; globalPosition: number }): string => {
  const hex = event.eventId.replace(/-/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) ? hex.slice(0, 24) : event.globalPosition.toString(16).padStart(24, '0');
};

const withoutPosition = (doc: Record<string, unknown> | null): Record<string, unknown> | null => {
  if (!doc) return null;
  const { _position, ...rest } = doc;
  return rest;
};

export const historyProjection: Projection = {
  name: 'history',
  // 2: random-looking ids (issue 20 §14).
  version: 2,
  collections: [
    { name: historicalObjectsCollectionName, indexes: [['dataId'], ['communityId'], ['communityId', 'type']] },
    { name: headsCollectionName },
  ],
  handles: [
    'ContributionCreated',
    'ContributionRetitled',
    'ContributionStatusChanged',
    'ContextSettingsChanged',
    'GroupMemberAdded',
    'GroupMemberRemoved',
    'ViewSettingChanged',
    'LinkCreated',
    'LinkUpdated',
    'LinkDeleted',
    ...contentEvents,
  ],
  apply: async (event, context) => {
    const e = event as RecordedEvent<ContributionEvent>;
    const isLink = linkEvents.has(e.type);
    const dataId = isLink ? (e.data as { linkId: string }).linkId : (e.data as { contributionId: string }).contributionId;
    const heads = context.collection<HeadDocument>(headsCollectionName);
    const head = await heads.get(dataId);
    if (head && head._position >= event.globalPosition) return;
    const previous = head?.data ?? null;

    let next: Record<string, unknown> | null;
    let snapshot: Record<string, unknown> | null;
    let communityId: string;
    let dataType: string;
    if (isLink) {
      const current = previous ? ({ ...previous, _position: 0 } as LinkDocument) : null;
      const evolved = evolveLink(current, e);
      next = evolved;
      snapshot = evolved ?? previous;
      communityId = text(snapshot?.communityId);
      dataType = text(snapshot?.type);
    } else {
      const current = previous ? ({ ...previous, _position: 0 } as ContributionDocument) : null;
      const evolved = evolveContribution(current, e);
      next = evolved ?? previous;
      snapshot = next;
      communityId = text(snapshot?.communityId);
      dataType = text(snapshot?.type);
    }
    next = withoutPosition(next);
    snapshot = withoutPosition(snapshot);
    await heads.put({ _id: dataId, data: next, _position: event.globalPosition });
    if (!snapshot) return;
    const operation =
      e.type === 'ContributionCreated' || e.type === 'LinkCreated' ? 'created' : e.type === 'LinkDeleted' ? 'deleted' : 'modified';
    const historical: HistoricalObjectDocument = {
      _id: historicalIdOf(event),
      communityId,
      type: isLink ? 'Link' : 'Object',
      dataId,
      dataType,
      operation,
      eventType: e.type,
      revision: event.streamRevision,
      at: event.metadata.at,
      authorId: event.metadata.actorId,
      data: snapshot,
      _position: event.globalPosition,
    };
    await context.collection<HistoricalObjectDocument>(historicalObjectsCollectionName).put(historical);
  },
};

/** Versions of one contribution, oldest first. */
export const historyOf = (collection: Collection<HistoricalObjectDocument>, dataId: string): Promise<HistoricalObjectDocument[]> =>
  collection.find({ dataId, type: 'Object' }, { sort: { revision: 1 } });
