import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RefData } from '../../../../../contracts/api/views.ts';
import { ApiError } from '../../../lib/api.ts';
import {
  canvasKey,
  createContribution,
  createLink,
  createRiseabove,
  deleteRefs,
  patchRefData,
  removeRefs,
  updateCanvas,
  updateRefs,
  type ViewCanvasReply,
} from '../api/canvas.ts';
import { clampPosition, riseabovePlacement, type Point, type ViewRef } from '../canvas/model.ts';
import type { Move } from '../canvas/useCanvasPointer.ts';
import type { ClipboardRef } from '../state.ts';
import { messageText } from '../../../lib/messages.ts';

export type Notify = (tone: 'error' | 'success' | 'info', text: string) => void;

const messageOf = (failure: unknown, fallback: string): string =>
  failure instanceof ApiError ? (failure.fieldErrors[0]?.message ?? failure.message) : fallback;

/**
 * The canvas's writes. Moves and data changes are optimistic: the cache moves
 * at once, the server is asked, and a refusal snaps the refs back and shows
 * the server's message. Creations refetch the canvas (the live socket also
 * brings them, whichever comes first).
 */
export const useCanvasActions = (viewId: string, canvas: ViewCanvasReply | undefined, notify: Notify, fallbackError: string) => {
  const client = useQueryClient();
  const communityId = canvas?.community._id ?? '';

  const refetch = useCallback(() => client.invalidateQueries({ queryKey: canvasKey(viewId) }), [client, viewId]);

  /** Changes the data of refs; on refusal restores the previous data of the refused ones. */
  const changeRefs = useCallback(
    async (changes: Map<string, Partial<RefData>>) => {
      const current = client.getQueryData<ViewCanvasReply>(canvasKey(viewId));
      if (!current || changes.size === 0) return;
      const before = new Map<string, RefData>(current.refs.filter((r) => changes.has(r._id)).map((r) => [r._id, r.data]));
      updateCanvas(client, viewId, (c) => patchRefData(c, changes));
      // One request for the whole selection: one write on the view's stream (20 single writes raced each other).
      const refused = new Map<string, Partial<RefData>>();
      let message: string | null = null;
      const snapBack = (id: string) => {
        const old = before.get(id);
        if (old) refused.set(id, old);
      };
      try {
        const reply = await updateRefs(
          viewId,
          [...changes].map(([linkId, data]) => ({ linkId, data })),
        );
        for (const item of reply.refused) {
          snapBack(item.linkId);
          // The refusal's message, translated from its code (never the English text).
          message ??= item.messageCode ? messageText(item.messageCode) : fallbackError;
        }
      } catch (failure) {
        for (const id of changes.keys()) snapBack(id);
        message = messageOf(failure, fallbackError);
      }
      if (refused.size > 0) {
        updateCanvas(client, viewId, (c) => patchRefData(c, refused));
        notify('error', message ?? fallbackError);
      }
    },
    [client, viewId, notify, fallbackError],
  );

  const move = useCallback(
    (moves: Move[]) => changeRefs(new Map(moves.map((m) => [m.refId, { x: clampPosition(m.x), y: clampPosition(m.y) }]))),
    [changeRefs],
  );

  const setData = useCallback(
    (refs: readonly ViewRef[], change: Partial<RefData>) => changeRefs(new Map(refs.map((r) => [r._id, change]))),
    [changeRefs],
  );

  const remove = useCallback(
    async (refs: readonly ViewRef[]) => {
      const ids = refs.map((r) => r._id);
      try {
        const reply = await deleteRefs(viewId, ids);
        updateCanvas(client, viewId, (c) => removeRefs(c, new Set(ids)));
        // A deleted rise-above's items came back out: load them.
        if (reply.unpacked) await refetch();
        return { count: reply.count, unpacked: reply.unpacked ?? 0 };
      } catch (failure) {
        notify('error', messageOf(failure, fallbackError));
        return null;
      }
    },
    [client, viewId, notify, fallbackError, refetch],
  );

  /** Paste: a new ref to the same object at the click −30, −34 (fact sheet §10.4). */
  const paste = useCallback(
    async (item: ClipboardRef, at: Point) => {
      try {
        await createLink({
          from: viewId,
          to: item.to,
          type: 'contains',
          data: {
            x: clampPosition(at.x - 30),
            y: clampPosition(at.y - 34),
            ...(item.width !== undefined ? { width: item.width } : {}),
            ...(item.height !== undefined ? { height: item.height } : {}),
            ...(item.showInPlace !== undefined ? { showInPlace: item.showInPlace } : {}),
          },
        });
        await refetch();
      } catch (failure) {
        notify('error', messageOf(failure, fallbackError));
      }
    },
    [viewId, refetch, notify, fallbackError],
  );

  /** A view link dropped on the canvas: a ref to that view. */
  const placeExisting = useCallback(
    async (to: string, at: Point) => {
      try {
        await createLink({ from: viewId, to, type: 'contains', data: { x: clampPosition(at.x), y: clampPosition(at.y) } });
        await refetch();
      } catch (failure) {
        notify('error', messageOf(failure, fallbackError));
      }
    },
    [viewId, refetch, notify, fallbackError],
  );

  /** A new note/drawing/attachment placed here; returns its id (the editor opens it). */
  const create = useCallback(
    async (type: 'Note' | 'Drawing' | 'Attachment', at: Point, title?: string) => {
      if (!communityId) return null;
      try {
        const reply = await createContribution(communityId, {
          type,
          ...(title !== undefined ? { title } : {}),
          placement: { viewId, x: clampPosition(at.x), y: clampPosition(at.y) },
        });
        await refetch();
        return reply.contribution;
      } catch (failure) {
        notify('error', messageOf(failure, fallbackError));
        return null;
      }
    },
    [communityId, viewId, refetch, notify, fallbackError],
  );

  const riseabove = useCallback(
    async (title: string, refs?: readonly ViewRef[]) => {
      try {
        const reply = await createRiseabove(
          viewId,
          title,
          refs?.map((r) => r._id),
        );
        await refetch();
        return reply;
      } catch (failure) {
        notify('error', messageOf(failure, fallbackError));
        return null;
      }
    },
    [viewId, refetch, notify, fallbackError],
  );

  /**
   * Hierarchy panel: a rise-above "Riseabove" in another (or this) view holding
   * the notes at their relative positions; the originals stay (fact sheet §10.3).
   */
  const riseaboveInto = useCallback(
    async (targetViewId: string, notes: readonly ViewRef[]) => {
      try {
        const reply = await createRiseabove(targetViewId, 'Riseabove');
        const { items } = riseabovePlacement(notes);
        await Promise.all(
          notes.map((note, index) =>
            createLink({ from: reply.viewId, to: note.to, type: 'contains', data: { x: items[index]?.x ?? 20, y: items[index]?.y ?? 20 } }),
          ),
        );
        await client.invalidateQueries({ queryKey: canvasKey(targetViewId) });
        return true;
      } catch (failure) {
        notify('error', messageOf(failure, fallbackError));
        return false;
      }
    },
    [client, notify, fallbackError],
  );

  return { move, setData, remove, paste, placeExisting, create, riseabove, riseaboveInto, refetch };
};
