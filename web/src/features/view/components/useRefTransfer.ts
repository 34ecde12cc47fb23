import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../components/serverMessage.ts';
import { canvasKey, moveRefs, removeRefs, updateCanvas } from '../api/canvas.ts';
import type { Point, ViewRef } from '../canvas/model.ts';
import { clientToPlane, planeOf } from '../canvas/viewportDom.ts';
import type { Notify } from './useCanvasActions.ts';

/** A view under the pointer and the point on its plane. */
export type DropTarget = { viewId: string; at: Point; title: string };

/**
 * The canvas under a screen point, among the page's canvas and its view
 * windows (all in this one document, issue 22 §8), and the point on its
 * plane. An in-place rise-above preview is not a target (it takes no pointer).
 */
export const dropTargetAt = (client: Point): DropTarget | null => {
  const scroller = document.elementFromPoint(client.x, client.y)?.closest<HTMLElement>('[data-testid="canvas"]');
  const screen = scroller?.closest<HTMLElement>('[data-testid="view-page"]');
  const plane = planeOf(scroller);
  const viewId = screen?.dataset.viewId;
  if (!plane || !viewId) return null;
  // In the target's canvas coordinates, at its zoom (viewport.ts).
  const at = clientToPlane(plane, client);
  return {
    viewId,
    at: { x: Math.round(at.x), y: Math.round(at.y) },
    title: screen.dataset.viewTitle ?? '',
  };
};

/**
 * Refs dragged out of one canvas and released over another (a view window,
 * or the page's canvas under it) move there (fact sheet §10.4: drag = move).
 * Both canvases read the same query cache, so both show the move.
 * @returns the canvas's `onDragOut`: true when the refs were taken elsewhere
 */
export const useRefTransfer = ({
  viewId,
  root,
  notify,
  clearSelection,
}: {
  viewId: string;
  /** This canvas's screen element: a drop inside it is a move within the view. */
  root: RefObject<HTMLElement | null>;
  notify: Notify;
  clearSelection: () => void;
}) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useCallback(
    (refs: ViewRef[], point: Point, grab: Point): boolean => {
      const target = dropTargetAt(point);
      if (!target || target.viewId === viewId) return false;
      const under = document.elementFromPoint(point.x, point.y);
      if (under && root.current?.contains(under) && under.closest('[data-testid="view-page"]') === root.current) return false;
      const linkIds = refs.map((r) => r._id);
      // The group lands as it was held: the point under the pointer stays under it.
      const topLeft = { x: Math.max(2, Math.round(target.at.x - grab.x)), y: Math.max(2, Math.round(target.at.y - grab.y)) };
      void moveRefs(viewId, linkIds, target.viewId, topLeft)
        .then((reply) => {
          updateCanvas(client, viewId, (c) => removeRefs(c, new Set(linkIds)));
          clearSelection();
          for (const id of [viewId, target.viewId]) void client.invalidateQueries({ queryKey: canvasKey(id) });
          notify('success', t('canvas.msg.moved', { count: reply.moved, title: target.title }));
        })
        .catch((failure: unknown) => notify('error', failureText(failure, t('common.genericError'))));
      return true;
    },
    [viewId, root, notify, clearSelection, client, t],
  );
};
