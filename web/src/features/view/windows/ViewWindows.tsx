import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { canvasKey } from '../api/canvas.ts';
import { EmbeddedView } from '../components/EmbeddedView.tsx';
import type { ViewSlots } from '../components/slots.ts';
import type { InternalWindow as WindowState } from '../state.ts';
import { canTakeFocus, chooseReturn, trackFocus } from './focusReturn.ts';
import { forgetWindowFocus, InternalWindow } from './InternalWindow.tsx';
import { usePhone } from './usePhone.ts';
import { useCoverInert } from './useCoverInert.ts';
import { forgetOpener, openerOf, useWindows } from './useWindows.ts';

/** The card of a contribution on the canvas of view `viewId` (the page's, or a view window's). */
const cardOf = (contributionId: string, viewId: string): HTMLElement | null =>
  document.querySelector<HTMLElement>(
    `[data-testid="view-page"][data-view-id="${CSS.escape(viewId)}"] [data-ref-to="${CSS.escape(contributionId)}"]`,
  );

/** The front window's heading. */
const frontWindow = (windows: readonly WindowState[]): HTMLElement | null => {
  const front = [...windows].sort((a, b) => b.z - a.z)[0];
  return front ? document.querySelector<HTMLElement>(`[data-window-id="${CSS.escape(front.id)}"] [data-testid="window-title"]`) : null;
};

/** The page's canvas: its Tab stop (a note, or the empty canvas), else the view's title. */
const pageCanvas = (): HTMLElement | null =>
  document.querySelector<HTMLElement>('#root [data-testid="canvas-plane"] [tabindex="0"]') ??
  document.querySelector<HTMLElement>('#root [data-testid="canvas"][tabindex="0"]') ??
  document.querySelector<HTMLElement>('#root [data-testid="thread-list"] [tabindex="0"]') ??
  document.querySelector<HTMLElement>('#root [data-testid="canvas"]');

/**
 * The page's note and view windows (spec part 2 §9), drawn once for the page
 * whatever canvas opened them: components of the one app (issue 22 §8), in a
 * portal above it, sharing its query cache, its jotai store and its socket.
 * What they cover is inert, and focus goes back to what opened a window when
 * it closes (issue 25 §2).
 */
export const ViewWindows = ({ viewId, isAdmin, slots }: { viewId: string; isAdmin: boolean; slots: ViewSlots }) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const manager = useWindows();
  const phone = usePhone();
  const layer = useRef<HTMLDivElement>(null);
  useCoverInert(layer, manager.windows, phone);
  useEffect(trackFocus, []);

  const contextOf = (win: WindowState) => win.contextId ?? viewId;
  // The contribution window saves and marks read on its own: refresh the canvas it was opened from.
  const close = (win: WindowState) => {
    manager.close(win.id);
    if (win.kind === 'contribution') void client.invalidateQueries({ queryKey: canvasKey(contextOf(win)) });
  };

  // A window closed with the focus in it: focus goes back to what opened it, never to <body>.
  // After useCoverInert's layout effect, so what the window covered can take focus again.
  const before = useRef<readonly WindowState[]>(manager.windows);
  useEffect(() => {
    const open = new Set(manager.windows.map((w) => w.id));
    const closed = before.current.filter((w) => !open.has(w.id));
    before.current = manager.windows;
    for (const win of closed) {
      const opener = openerOf(win.id);
      forgetOpener(win.id);
      forgetWindowFocus(win.id);
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (!lost) continue;
      const target = chooseReturn(
        win.created === true,
        {
          // A view window's card is the view link it was opened from.
          card: cardOf(win.targetId, contextOf(win)),
          opener,
          window: frontWindow(manager.windows),
          canvas: pageCanvas(),
        },
        canTakeFocus,
      );
      target?.focus();
    }
    // contextOf reads viewId only.
  }, [manager.windows]);

  if (manager.windows.length === 0) return null;
  return createPortal(
    <div ref={layer} data-testid="window-layer">
      {manager.windows.map((win) => (
        <InternalWindow
          key={win.id}
          win={win}
          href={win.kind === 'view' ? `/view/${win.targetId}` : `/contribution/${win.targetId}/${contextOf(win)}`}
          onClose={() => {
            if (win.kind !== 'view' && slots.confirmCloseContribution && !slots.confirmCloseContribution(win.targetId)) return;
            close(win);
          }}
          onFocus={manager.focus}
          onFrame={manager.frame}
        >
          {win.kind === 'view' ? (
            <EmbeddedView key={win.targetId} viewId={win.targetId} windowId={win.id} isAdmin={isAdmin} slots={slots} />
          ) : (
            slots.renderContribution({
              contributionId: win.targetId,
              viewId: contextOf(win),
              close: () => close(win),
              // What a window's content opens is a contribution it just made (a build-on, a note from a template).
              open: (id, title) =>
                manager.open({
                  kind: 'contribution',
                  targetId: id,
                  title: title ?? t('canvas.kind.note'),
                  contextId: contextOf(win),
                  created: true,
                }),
              onTitle: (title) => manager.retitle(win.id, title),
              ...(win.background ? { background: win.background } : {}),
            })
          )}
        </InternalWindow>
      ))}
    </div>,
    document.body,
  );
};
