import {
  AppWindow,
  ClipboardPaste,
  CloudDownload,
  Copy,
  ExternalLink,
  Eye,
  EyeOff,
  FilePlus,
  Layers,
  Lock,
  LockKeyhole,
  LockOpen,
  Move,
  Pin,
  PinOff,
  Brush,
  Star,
  Trash2,
} from 'lucide-react';
import type { TFunction } from 'i18next';
import type { MenuEntry } from '../canvas/PointerMenu.tsx';
import { canDelete, canFix, hasLockControl, isImageAttachment, showsInPlace, type Viewer, type ViewRef } from '../canvas/model.ts';

export type RefMenuActions = {
  open: (ref: ViewRef) => void;
  openInternally: (ref: ViewRef) => void;
  openInTab: (ref: ViewRef) => void;
  openInWindow: (ref: ViewRef) => void;
  copy: (ref: ViewRef) => void;
  showInPlace: (refs: ViewRef[], value: boolean) => void;
  pin: (refs: ViewRef[], pinned: boolean) => void;
  lock: (refs: ViewRef[]) => void;
  hardLock: (refs: ViewRef[]) => void;
  unlock: (refs: ViewRef[]) => void;
  riseabove: (refs: ViewRef[]) => void;
  /** Lift the refs for a keyboard move (issue 25 §1): the menu's way to what a mouse does by dragging. */
  move: (ref: ViewRef) => void;
  remove: (refs: ViewRef[]) => void;
  favourite: ((ref: ViewRef, on: boolean) => void) | null;
  /** Draw on an image attachment (the context's drawonimage plugin); null = plugin off. */
  drawOnImage: ((ref: ViewRef) => void) | null;
};

const sep = (id: string): MenuEntry => ({ kind: 'separator', id });

/**
 * The ref menu (spec part 2 §2 View canvas, §6): what it offers follows the
 * viewer's rights; the server checks them again. `refs` is the selection the
 * menu acts on, `ref` the one under the pointer.
 */
export const refMenuEntries = (t: TFunction, viewer: Viewer, ref: ViewRef, refs: ViewRef[], actions: RefMenuActions): MenuEntry[] => {
  const entries: MenuEntry[] = [];
  const isView = ref._to.type === 'View';
  const single = refs.length <= 1;
  if (isView) {
    entries.push(
      { kind: 'item', id: 'open', label: t('canvas.menu.open'), icon: ExternalLink, onSelect: () => actions.open(ref) },
      {
        kind: 'item',
        id: 'open-internal',
        label: t('canvas.menu.openInternally'),
        icon: AppWindow,
        onSelect: () => actions.openInternally(ref),
      },
      { kind: 'item', id: 'open-window', label: t('canvas.menu.openInWindow'), icon: AppWindow, onSelect: () => actions.openInWindow(ref) },
    );
  } else {
    entries.push(
      { kind: 'item', id: 'open', label: t('canvas.menu.open'), icon: AppWindow, onSelect: () => actions.open(ref) },
      { kind: 'item', id: 'open-tab', label: t('canvas.menu.openInTab'), icon: ExternalLink, onSelect: () => actions.openInTab(ref) },
      { kind: 'item', id: 'open-window', label: t('canvas.menu.openInWindow'), icon: AppWindow, onSelect: () => actions.openInWindow(ref) },
    );
  }
  entries.push({ kind: 'item', id: 'copy', label: t('canvas.menu.copy'), icon: Copy, onSelect: () => actions.copy(ref) });

  if (viewer.editable) {
    entries.push(sep('s1'));
    const inPlace = showsInPlace(ref);
    entries.push(
      inPlace
        ? {
            kind: 'item',
            id: 'show-icon',
            label: t('canvas.menu.showAsIcon'),
            icon: EyeOff,
            onSelect: () => actions.showInPlace(refs, false),
          }
        : {
            kind: 'item',
            id: 'show-in-place',
            label: t('canvas.menu.showInPlace'),
            icon: Eye,
            onSelect: () => actions.showInPlace(refs, true),
          },
    );
    const drawOnImage = actions.drawOnImage;
    if (drawOnImage && single && isImageAttachment(ref)) {
      entries.push({
        kind: 'item',
        id: 'draw-on-image',
        label: t('canvas.menu.drawOnImage'),
        icon: Brush,
        onSelect: () => drawOnImage(ref),
      });
    }
    const fixed = ref.data.fixed === true;
    if (fixed) {
      if (hasLockControl(viewer)) {
        entries.push({ kind: 'item', id: 'unlock', label: t('canvas.menu.unlock'), icon: LockOpen, onSelect: () => actions.unlock(refs) });
      }
    } else {
      const pinned = ref.data.draggable === false;
      if (!pinned) entries.push({ kind: 'item', id: 'move', label: t('canvas.menu.move'), icon: Move, onSelect: () => actions.move(ref) });
      entries.push(
        pinned
          ? { kind: 'item', id: 'unpin', label: t('canvas.menu.unpin'), icon: PinOff, onSelect: () => actions.pin(refs, false) }
          : { kind: 'item', id: 'pin', label: t('canvas.menu.pin'), icon: Pin, onSelect: () => actions.pin(refs, true) },
      );
      if (refs.every((r) => canFix(viewer, r))) {
        entries.push({ kind: 'item', id: 'lock', label: t('canvas.menu.lock'), icon: Lock, onSelect: () => actions.lock(refs) });
        if (hasLockControl(viewer)) {
          entries.push({
            kind: 'item',
            id: 'hard-lock',
            label: t('canvas.menu.hardLock'),
            icon: LockKeyhole,
            onSelect: () => actions.hardLock(refs),
          });
        }
      }
      entries.push({
        kind: 'item',
        id: 'riseabove',
        label: t('canvas.menu.riseabove', { count: refs.length }),
        icon: Layers,
        onSelect: () => actions.riseabove(refs),
      });
    }
    if (canDelete(viewer, refs)) {
      entries.push(sep('s2'), {
        kind: 'item',
        id: 'delete',
        label: t('canvas.menu.delete', { count: refs.length }),
        icon: Trash2,
        danger: true,
        onSelect: () => actions.remove(refs),
      });
    }
  }
  if (actions.favourite && single && !isView) {
    const on = !ref._to.favourite;
    const favourite = actions.favourite;
    entries.push(sep('s3'), {
      kind: 'item',
      id: 'favourite',
      label: on ? t('canvas.menu.addFavourite') : t('canvas.menu.removeFavourite'),
      icon: Star,
      onSelect: () => favourite(ref, on),
    });
  }
  return entries;
};

/** The canvas menu: paste (only with a copied ref), new note here, and import from cloud drive (Google Drive, when offered). */
export const canvasMenuEntries = (
  t: TFunction,
  editable: boolean,
  clipboardTitle: string | null,
  actions: { paste: () => void; newNote: () => void; importFromDrive?: () => void },
): MenuEntry[] => [
  {
    kind: 'item',
    id: 'paste',
    label: clipboardTitle ? t('canvas.menu.pasteTitle', { title: clipboardTitle }) : t('canvas.menu.paste'),
    icon: ClipboardPaste,
    disabled: !editable || clipboardTitle === null,
    onSelect: actions.paste,
  },
  { kind: 'item', id: 'new-note', label: t('canvas.menu.newNoteHere'), icon: FilePlus, disabled: !editable, onSelect: actions.newNote },
  ...(actions.importFromDrive
    ? [{ kind: 'item' as const, id: 'import-drive', label: t('canvas.drive.menu'), icon: CloudDownload, onSelect: actions.importFromDrive }]
    : []),
];
