import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

/**
 * UI state of the canvas screen (jotai): the in-app clipboard, the open
 * panel and the internal windows. Server state stays in TanStack Query.
 */

/** What "copy" keeps: the ref's link id and enough to paste it elsewhere (fact sheet §10.4). */
export type ClipboardRef = {
  linkId: string;
  to: string;
  type: string;
  title: string;
  width?: number;
  height?: number;
  showInPlace?: boolean;
};

/** The in-app clipboard survives moving from one view to another (copy/paste between views). */
export const clipboardAtom = atom<ClipboardRef | null>(null);

export const panelIds = ['viewLinks', 'viewManager', 'hierarchy', 'filter', 'settings', 'help', 'presence', 'search'] as const;
export type PanelId = (typeof panelIds)[number];

/** One panel at a time slides in beside the canvas; the same button closes it. */
export const openPanelAtom = atom<PanelId | null>(null);

export type InternalWindow = {
  id: string;
  kind: 'contribution' | 'view';
  /** Contribution or view id. */
  targetId: string;
  title: string;
  /** A contribution window: the view it was opened from. */
  contextId?: string;
  x: number;
  y: number;
  width: number;
  height: number;
  z: number;
  /**
   * How many times the window was asked for (opened, or opened again while
   * open): each request moves the keyboard focus into it (issue 25 §2).
   */
  opened: number;
  /** It shows a contribution just created (new note, build-on): on close, focus goes to its card when there is one. */
  created?: true;
  /** Draw on image: the image the new drawing's editor starts with as its background layer. */
  background?: { url: string; title: string };
};

/** The open windows of the page (window manager: windows/windowManager.ts). */
export const windowsAtom = atom<readonly InternalWindow[]>([]);

/** Per-view display overrides of the settings panel (this browser only). */
export const displayOverridesAtom = atomWithStorage<Record<string, Partial<Record<string, boolean>>>>('buildon.canvas.display', {});

/** How each view is shown in this browser (issue 25 §3): the list view, or the canvas (absent). */
export const viewModesAtom = atomWithStorage<Record<string, 'list'>>('buildon.view.mode', {});
