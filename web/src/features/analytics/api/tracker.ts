import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TrackerQuery, TrackerReply } from '../../../../../contracts/api/scaffolds.ts';
import { api } from '../../../lib/api.ts';
import { trackerSearchOf } from '../trackerModel.ts';

const enc = encodeURIComponent;

/** GET /api/analytics/{communityId}/scaffoldsupporttracker (pseudonyms applied by the server); null query: not asked yet. */
export const useTracker = (communityId: string, query: TrackerQuery | null) =>
  useQuery({
    queryKey: ['analytics', communityId, 'scaffoldsupporttracker', query] as const,
    queryFn: () =>
      api.request<TrackerReply>(`/api/analytics/${enc(communityId)}/scaffoldsupporttracker${trackerSearchOf(query ?? { supports: '' })}`),
    placeholderData: keepPreviousData,
    enabled: Boolean(communityId) && query !== null,
  });

type Link = { _id: string; to: string };

/**
 * Places the notes in the view (existing commands: POST /api/links, type
 * contains), side by side from (x, y); notes already there keep their ref.
 * Returns the ref of each note in the view.
 */
export const placeNotes = async (viewId: string, noteIds: readonly string[], existing: Map<string, string>): Promise<string[]> => {
  const refs: string[] = [];
  let index = 0;
  for (const noteId of noteIds) {
    const known = existing.get(noteId);
    if (known) {
      refs.push(known);
      continue;
    }
    const x = 40 + (index % 6) * 160;
    const y = 40 + Math.floor(index / 6) * 90;
    index++;
    const link = await api.request<Link>('/api/links', {
      method: 'POST',
      body: { from: viewId, to: noteId, type: 'contains', data: { x, y } },
    });
    refs.push(link._id);
  }
  return refs;
};

/** The refs of the view (note id → ref id), to reuse them rather than place a note twice. */
export const refsOfView = async (viewId: string): Promise<Map<string, string>> => {
  const canvas = await api.request<{ refs: { _id: string; to: string }[] }>(`/api/views/${enc(viewId)}/canvas`);
  return new Map(canvas.refs.map((ref) => [ref.to, ref._id]));
};

/** A rise-above in the view holding these refs (POST /api/views/{viewId}/riseabove). */
export const riseAbove = (viewId: string, title: string, linkIds: string[]) =>
  api.request<{ noteId: string; viewId: string; moved: number }>(`/api/views/${enc(viewId)}/riseabove`, {
    method: 'POST',
    body: { title, linkIds },
  });
