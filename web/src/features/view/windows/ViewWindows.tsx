import { useQueryClient } from '@tanstack/react-query';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { canvasKey } from '../api/canvas.ts';
import { EmbeddedView } from '../components/EmbeddedView.tsx';
import type { ViewSlots } from '../components/slots.ts';
import type { InternalWindow as WindowState } from '../state.ts';
import { InternalWindow } from './InternalWindow.tsx';
import { useWindows } from './useWindows.ts';

/**
 * The page's note and view windows (spec part 2 §9), drawn once for the page
 * whatever canvas opened them: components of the one app (issue 22 §8), in a
 * portal above it, sharing its query cache, its jotai store and its socket.
 */
export const ViewWindows = ({ viewId, isAdmin, slots }: { viewId: string; isAdmin: boolean; slots: ViewSlots }) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const manager = useWindows();

  const contextOf = (win: WindowState) => win.contextId ?? viewId;
  // The contribution window saves and marks read on its own: refresh the canvas it was opened from.
  const close = (win: WindowState) => {
    manager.close(win.id);
    if (win.kind === 'contribution') void client.invalidateQueries({ queryKey: canvasKey(contextOf(win)) });
  };

  if (manager.windows.length === 0) return null;
  return createPortal(
    <div data-testid="window-layer">
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
              open: (id) => manager.open({ kind: 'contribution', targetId: id, title: t('canvas.kind.note'), contextId: contextOf(win) }),
              ...(win.background ? { background: win.background } : {}),
            })
          )}
        </InternalWindow>
      ))}
    </div>,
    document.body,
  );
};
