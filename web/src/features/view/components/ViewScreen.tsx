import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import {
  Briefcase,
  CircleHelp,
  DoorOpen,
  FilePlus,
  Filter,
  FolderTree,
  History,
  Layers,
  Link2,
  Paperclip,
  PenTool,
  Search,
  Settings2,
  UserCog,
  UsersRound,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ViewSetting } from '../../../../../contracts/api/communities.ts';
import { Alert } from '../../../components/Alert.tsx';
import {
  canvasKey,
  moveRefs,
  openWorkspace,
  patchTarget,
  removeRefs as withoutRefs,
  saveViewSetting,
  setFavourite,
  updateCanvas,
  useCommunityScaffolds,
  type ViewCanvasReply,
} from '../api/canvas.ts';
import { Canvas } from '../canvas/Canvas.tsx';
import {
  emptyFilter,
  filterRefs,
  isFilterActive,
  type CanvasFilter,
  type Point,
  type Viewer,
  type ViewRef,
  viewTitleOf,
} from '../canvas/model.ts';
import { PointerMenu } from '../canvas/PointerMenu.tsx';
import { useViewLive } from '../live/useViewLive.ts';
import { useLocalisedRefs } from '../canvas/localise.ts';
import { useNoteLanguage } from '../../../lib/noteLanguage.ts';
import { FilterPanel } from '../panels/FilterPanel.tsx';
import { HelpPanel } from '../panels/HelpPanel.tsx';
import { HierarchyPanel } from '../panels/HierarchyPanel.tsx';
import { Panel } from '../panels/Panel.tsx';
import { SettingsPanel } from '../panels/SettingsPanel.tsx';
import { ViewLinksPanel } from '../panels/ViewLinksPanel.tsx';
import { clipboardAtom, displayOverridesAtom, openPanelAtom, windowsAtom, type PanelId } from '../state.ts';
import { newNoteDragType, Toolbar, type ToolbarItem } from '../toolbar/Toolbar.tsx';
import { AskDialog, useAsk } from '../windows/AskDialog.tsx';
import { initialFrame } from '../windows/geometry.ts';
import { InternalWindow } from '../windows/InternalWindow.tsx';
import { canvasMenuEntries, refMenuEntries } from './menus.ts';
import { TitleBar } from './TitleBar.tsx';
import { useCanvasActions, type Notify } from './useCanvasActions.ts';
import { useDropHandler } from './useDropHandler.ts';
import styles from './View.module.css';
import windowStyles from '../windows/Windows.module.css';
import { failureText } from '../../../components/serverMessage.ts';

/** What app/ plugs into the view screen (features never import each other). */
export type ViewSlots = {
  /** The contribution window's content (the contribution feature). */
  renderContribution: (props: {
    contributionId: string;
    viewId: string;
    close: () => void;
    open: (contributionId: string) => void;
    /** Draw on image: a new drawing starts with this image as its background layer. */
    background?: { url: string; title: string };
  }) => ReactNode;
  /** The view manager, shown in its panel (the viewmanager feature). */
  renderViewManager?: (props: { communityId: string; viewId: string }) => ReactNode;
  /** The search, shown in its panel (the search feature); its results can be dragged onto the canvas. */
  renderSearch?: (props: { communityId: string; viewId: string }) => ReactNode;
  /** Uploads a dropped file into a new attachment; absent = no upload route yet. */
  uploadAttachment?: (communityId: string, attachmentId: string, file: File) => Promise<unknown>;
  /**
   * Asked before a contribution window is closed from its title bar: false
   * keeps it open (e.g. unsaved changes the user chose to keep).
   */
  confirmCloseContribution?: (contributionId: string) => boolean;
};

type MenuState = { client: Point; at: Point; refId: string | null };
type Notice = { id: number; tone: 'error' | 'success' | 'info'; text: string };

export const ViewScreen = ({
  data,
  reduced,
  isAdmin,
  slots,
}: {
  data: ViewCanvasReply;
  reduced: boolean;
  isAdmin: boolean;
  slots: ViewSlots;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const viewId = data.view._id;
  const communityId = data.community._id;
  const [selection, setSelection] = useState<Set<string>>(() => new Set());
  const [filter, setFilter] = useState<CanvasFilter>(emptyFilter);
  const menuOpenedOn = useRef<string | null>(null);
  const [liftRequest, setLiftRequest] = useState<{ refId: string; nonce: number } | null>(null);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [panel, setPanel] = useAtom(openPanelAtom);
  const [windows, setWindows] = useAtom(windowsAtom);
  const [clipboard, setClipboard] = useAtom(clipboardAtom);
  const [overrides, setOverrides] = useAtom(displayOverridesAtom);
  const { ask, confirm, prompt, close: closeAsk } = useAsk();
  // Embedded views (rise-above notes, view windows) stay live too: refs moved into them appear.
  const live = useViewLive(viewId, true);
  const noticeId = useRef(0);

  const notify: Notify = useCallback((tone, text) => {
    const id = ++noticeId.current;
    setNotices((list) => [...list.slice(-2), { id, tone, text }]);
    window.setTimeout(() => setNotices((list) => list.filter((n) => n.id !== id)), tone === 'error' ? 8000 : 4000);
  }, []);
  const actions = useCanvasActions(viewId, data, notify, t('common.genericError'));

  const isManager = isAdmin || data.me.role === 'manager';
  const viewer: Viewer = useMemo(
    () => ({ authorId: data.me._id, isManager, editable: data.editable, freemode: data.context.freemode, viewAuthor: false }),
    [data.me._id, isManager, data.editable, data.context.freemode],
  );
  const override = overrides[viewId];
  const setting: ViewSetting = useMemo(() => ({ ...data.viewSetting, ...(override ?? {}) }), [data.viewSetting, override]);
  const plugins = data.context.plugins;
  const scaffolds = useCommunityScaffolds(communityId, plugins.filter && panel === 'filter');
  const supportScaffold = useMemo(
    () => new Map((scaffolds.data ?? []).flatMap((scaffold) => scaffold.supports.map((support) => [support._id, scaffold._id] as const))),
    [scaffolds.data],
  );
  const visible = useMemo(
    () => (isFilterActive(filter) ? new Set(filterRefs(data.refs, data.links, filter, supportScaffold).map((r) => r._id)) : null),
    [data.refs, data.links, filter, supportScaffold],
  );
  // The filter panel hides the refs it leaves out (arrows to them go too).
  const shownRefs = useMemo(() => (visible ? data.refs.filter((ref) => visible.has(ref._id)) : data.refs), [data.refs, visible]);
  // Multilanguage: the canvas shows each note's title in the language picked in the title bar.
  const noteLanguage = useNoteLanguage(communityId, data.context);
  const localRefs = useLocalisedRefs(shownRefs, noteLanguage.language, noteLanguage.defaultLang);
  const selectedRefs = useCallback((ids: ReadonlySet<string>) => data.refs.filter((r) => ids.has(r._id)), [data.refs]);

  const togglePanel = (id: PanelId) => setPanel((current) => (current === id ? null : id));

  // ---- windows -----------------------------------------------------------------------
  const openWindow = useCallback(
    (kind: 'contribution' | 'view', targetId: string, title: string, background?: { url: string; title: string }) => {
      setWindows((list) => {
        const existing = list.find((w) => w.kind === kind && w.targetId === targetId);
        const top = Math.max(0, ...list.map((w) => w.z)) + 1;
        if (existing) return list.map((w) => (w.id === existing.id ? { ...w, z: top } : w));
        const frame = initialFrame({ width: window.innerWidth, height: window.innerHeight }, list.length);
        return [
          ...list,
          { id: `${kind}-${targetId}-${Date.now()}`, kind, targetId, title, ...frame, z: top, ...(background ? { background } : {}) },
        ];
      });
    },
    [setWindows],
  );
  // The contribution window saves and marks read on its own: refresh the canvas when one closes.
  const closeWindow = useCallback(
    (id: string) => {
      setWindows((list) => list.filter((w) => w.id !== id));
      void client.invalidateQueries({ queryKey: canvasKey(viewId) });
    },
    [setWindows, client, viewId],
  );
  const focusWindow = useCallback(
    (id: string) =>
      setWindows((list) => {
        const top = Math.max(0, ...list.map((w) => w.z));
        return list.map((w) => (w.id === id && w.z !== top ? { ...w, z: top + 1 } : w));
      }),
    [setWindows],
  );
  const frameWindow = useCallback(
    (id: string, frame: { x: number; y: number; width: number; height: number }) =>
      setWindows((list) => list.map((w) => (w.id === id ? { ...w, ...frame } : w))),
    [setWindows],
  );

  const openContribution = useCallback(
    (ref: ViewRef) => {
      if (ref._to.type === 'View') {
        void navigate(`/view/${ref.to}`);
        return;
      }
      // A rise-above opens on its inner view (fact sheet §10.3: the note shows `view/{id}/X`), where
      // refs can be dragged in and out; 'open in tab' still opens the note itself.
      if (ref._to.riseaboveViewId) {
        openWindow('view', ref._to.riseaboveViewId, ref._to.title || t('canvas.untitled'));
        return;
      }
      openWindow('contribution', ref.to, ref._to.title || t('canvas.untitled'));
    },
    [navigate, openWindow, t],
  );

  // ---- actions ---------------------------------------------------------------------------
  const newNoteAt = useCallback(
    async (at: Point) => {
      const note = await actions.create('Note', at);
      if (note) openWindow('contribution', note._id, t('canvas.newNote'));
    },
    [actions, openWindow, t],
  );
  /** The centre of what the author sees of the canvas: new notes start there (the server finds a free spot near it). */
  const scrollOrigin = (): Point => {
    const scroller = document.querySelector('[data-testid="canvas"]');
    if (!scroller) return { x: 100, y: 100 };
    return {
      x: scroller.scrollLeft + Math.max(0, scroller.clientWidth / 2 - 40),
      y: scroller.scrollTop + Math.max(0, scroller.clientHeight / 2 - 20),
    };
  };

  const removeRefs = useCallback(
    async (refs: ViewRef[]) => {
      if (refs.length === 0) return;
      if (!(await confirm(t('canvas.msg.confirmDelete', { count: refs.length })))) return;
      const removed = await actions.remove(refs);
      if (!removed) return;
      setSelection(new Set());
      if (removed.unpacked) notify('info', t('canvas.msg.unpacked', { count: removed.unpacked }));
    },
    [actions, confirm, notify, t],
  );

  // ---- moving refs between view windows (fact sheet §10.4: drag = move) ------------------
  const embedded = window.parent !== window;
  const viewFrames = () => Array.from(document.querySelectorAll<HTMLIFrameElement>('iframe[data-view-window]'));
  /** The view under a screen point of this page and the point on its plane: a view window, or this canvas. */
  const dropTargetAt = useCallback(
    (client: Point): { viewId: string; at: Point; title: string } | null => {
      const under = document.elementFromPoint(client.x, client.y);
      if (under instanceof HTMLIFrameElement && under.dataset.viewWindow) {
        const plane = under.contentDocument?.querySelector('[data-testid="canvas-plane"]');
        if (!plane) return null;
        const frame = under.getBoundingClientRect();
        const rect = plane.getBoundingClientRect();
        return {
          viewId: under.dataset.viewWindow,
          at: { x: Math.round(client.x - frame.left - rect.left), y: Math.round(client.y - frame.top - rect.top) },
          title: under.title,
        };
      }
      const plane = document.querySelector('[data-testid="canvas-plane"]');
      if (under && plane && under.closest('[data-testid="canvas"]')) {
        const rect = plane.getBoundingClientRect();
        return { viewId, at: { x: Math.round(client.x - rect.left), y: Math.round(client.y - rect.top) }, title: viewTitleOf(data) };
      }
      return null;
    },
    [viewId, data],
  );
  /** Moves refs of `sourceViewId` into `target`; both canvases (here and in view windows) reload. */
  const moveInto = useCallback(
    async (sourceViewId: string, linkIds: string[], target: { viewId: string; at: Point; title: string }, grab: Point) => {
      try {
        // The group lands as it was held: the point under the pointer stays under it.
        const topLeft = { x: Math.max(2, Math.round(target.at.x - grab.x)), y: Math.max(2, Math.round(target.at.y - grab.y)) };
        const reply = await moveRefs(sourceViewId, linkIds, target.viewId, topLeft);
        if (sourceViewId === viewId) updateCanvas(client, viewId, (c) => withoutRefs(c, new Set(linkIds)));
        setSelection(new Set());
        for (const id of [sourceViewId, target.viewId]) void client.invalidateQueries({ queryKey: canvasKey(id) });
        for (const frame of viewFrames()) {
          frame.contentWindow?.postMessage(
            { type: 'buildon:canvas-refresh', viewIds: [sourceViewId, target.viewId] },
            window.location.origin,
          );
        }
        notify('success', t('canvas.msg.moved', { count: reply.moved, title: target.title }));
      } catch (failure) {
        notify('error', failureText(failure, t('common.genericError')));
      }
    },
    [client, viewId, notify, t],
  );
  const dragOut = useCallback(
    (refs: ViewRef[], point: Point, grab: Point): boolean => {
      const under = document.elementFromPoint(point.x, point.y);
      if (under?.closest('[data-testid="canvas"]')) return false;
      if (embedded) {
        // An embedded view hands refs dragged out of it to the page around it.
        window.parent.postMessage(
          { type: 'buildon:refs-out', viewId, linkIds: refs.map((r) => r._id), client: point, grab },
          window.location.origin,
        );
        return true;
      }
      const target = dropTargetAt(point);
      if (!target || target.viewId === viewId) return false;
      void moveInto(
        viewId,
        refs.map((r) => r._id),
        target,
        grab,
      );
      return true;
    },
    [embedded, viewId, dropTargetAt, moveInto],
  );
  useEffect(() => {
    const isId = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{24}$/.test(v);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const message = event.data as {
        type?: unknown;
        viewId?: unknown;
        viewIds?: unknown;
        linkIds?: unknown;
        client?: { x?: unknown; y?: unknown };
        grab?: { x?: unknown; y?: unknown };
      } | null;
      if (!message || typeof message !== 'object') return;
      if (message.type === 'buildon:canvas-refresh' && Array.isArray(message.viewIds) && message.viewIds.includes(viewId)) {
        void client.invalidateQueries({ queryKey: canvasKey(viewId) });
        return;
      }
      if (message.type !== 'buildon:refs-out' || embedded) return;
      const frame = viewFrames().find((f) => f.contentWindow === event.source);
      const linkIds = Array.isArray(message.linkIds) ? message.linkIds.filter(isId) : [];
      const at = message.client;
      if (!frame || !isId(message.viewId) || linkIds.length === 0 || typeof at?.x !== 'number' || typeof at.y !== 'number') return;
      const rect = frame.getBoundingClientRect();
      const target = dropTargetAt({ x: rect.left + at.x, y: rect.top + at.y });
      const grab =
        typeof message.grab?.x === 'number' && typeof message.grab.y === 'number'
          ? { x: message.grab.x, y: message.grab.y }
          : { x: 0, y: 0 };
      if (target && target.viewId !== message.viewId) void moveInto(message.viewId, linkIds, target, grab);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [client, viewId, embedded, dropTargetAt, moveInto]);

  const riseaboveFrom = useCallback(
    async (refs?: ViewRef[]) => {
      const title = await prompt(t('canvas.msg.riseaboveName'), refs ? t('canvas.riseaboveDefault') : '');
      if (title === null) return;
      if (!title.trim()) return notify('error', t('canvas.msg.riseaboveName'));
      const reply = await actions.riseabove(title.trim(), refs);
      if (reply) setSelection(new Set());
    },
    [actions, prompt, notify, t],
  );

  const copy = useCallback(
    (ref: ViewRef) => {
      setClipboard({
        linkId: ref._id,
        to: ref.to,
        type: ref._to.type,
        title: ref._to.title,
        ...(ref.data.width !== undefined ? { width: ref.data.width } : {}),
        ...(ref.data.height !== undefined ? { height: ref.data.height } : {}),
        ...(ref.data.showInPlace !== undefined ? { showInPlace: ref.data.showInPlace } : {}),
      });
      void navigator.clipboard?.writeText(`${window.location.origin}/contribution/${ref.to}`).catch(() => undefined);
      notify('success', t('canvas.msg.copied'));
    },
    [setClipboard, notify, t],
  );

  const popup = (url: string, asWindow: boolean) => {
    window.open(url, '_blank', asWindow ? 'popup,width=900,height=640' : undefined);
  };

  const handleDrop = useDropHandler(
    useMemo(
      () => ({
        newNote: (at: Point) => {
          if (data.editable) void newNoteAt(at);
          else notify('error', t('canvas.msg.cannotEditView'));
        },
        viewLink: (id: string, at: Point) => {
          if (data.editable) void actions.placeExisting(id, at);
          else notify('error', t('canvas.msg.cannotEditView'));
        },
        contributions: (ids: string[], at: Point) => {
          if (!data.editable) return notify('error', t('canvas.msg.cannotEditView'));
          ids.forEach((id, index) => void actions.placeExisting(id, { x: at.x + index * 20, y: at.y + index * 20 }));
        },
        files: (files: File[], at: Point) => {
          if (!data.editable) return notify('error', t('canvas.msg.cannotEditView'));
          const upload = slots.uploadAttachment;
          if (!upload) return notify('error', t('canvas.msg.dropUnsupported'));
          files.forEach((file, index) => {
            void actions.create('Attachment', { x: at.x + index * 20, y: at.y + index * 20 }, file.name).then(async (attachment) => {
              if (!attachment) return;
              try {
                const uploaded = (await upload(communityId, attachment._id, file)) as {
                  mime?: unknown;
                  width?: unknown;
                  height?: unknown;
                } | null;
                await actions.refetch();
                // A dropped image shows in place, at most 200 px wide (fact sheet §10.1).
                const ref = client.getQueryData<ViewCanvasReply>(canvasKey(viewId))?.refs.find((r) => r.to === attachment._id);
                if (ref && typeof uploaded?.mime === 'string' && uploaded.mime.startsWith('image/')) {
                  const natural =
                    typeof uploaded.width === 'number' && typeof uploaded.height === 'number' && uploaded.width > 0
                      ? { w: uploaded.width, h: uploaded.height }
                      : null;
                  const width = natural ? Math.min(natural.w, 200) : 200;
                  void actions.setData([ref], {
                    showInPlace: true,
                    width,
                    height: natural ? Math.max(1, Math.round((natural.h * width) / natural.w)) : 150,
                  });
                }
              } catch {
                notify('error', t('canvas.msg.uploadFailed'));
              }
            });
          });
        },
        url: (url: string, at: Point) => {
          if (data.editable) void actions.create('Note', at, url).then((note) => note && openWindow('contribution', note._id, url));
          else notify('error', t('canvas.msg.cannotEditView'));
        },
        unsupported: () => notify('error', t('canvas.msg.dropUnsupported')),
      }),
      [data.editable, newNoteAt, notify, t, actions, slots.uploadAttachment, communityId, openWindow, client, viewId],
    ),
  );

  // ---- menus ---------------------------------------------------------------------------------
  const menuRef = menu?.refId ? data.refs.find((r) => r._id === menu.refId) : undefined;
  const menuTargets = menuRef ? (selection.has(menuRef._id) ? selectedRefs(selection) : [menuRef]) : [];
  const menuEntries = menu
    ? menuRef
      ? refMenuEntries(t, viewer, menuRef, menuTargets, {
          open: openContribution,
          openInternally: (ref) => openWindow('view', ref.to, ref._to.title),
          openInTab: (ref) => popup(`/contribution/${ref.to}/${viewId}`, false),
          openInWindow: (ref) => popup(ref._to.type === 'View' ? `/view/${ref.to}` : `/contribution/${ref.to}/${viewId}`, true),
          copy,
          showInPlace: (refs, value) => void actions.setData(refs, { showInPlace: value }),
          pin: (refs, pinned) => void actions.setData(refs, { draggable: !pinned }),
          lock: (refs) => void actions.setData(refs, { fixed: true, draggable: false }),
          hardLock: (refs) => void actions.setData(refs, { fixed: true, locked: true, draggable: false }),
          unlock: (refs) => void actions.setData(refs, { fixed: false, locked: false, draggable: true }),
          riseabove: (refs) => void riseaboveFrom(refs),
          move: (ref) => setLiftRequest({ refId: ref._id, nonce: Date.now() }),
          remove: (refs) => void removeRefs(refs),
          favourite: plugins.enableFavourites
            ? (ref, on) =>
                void setFavourite(communityId, ref.to, on)
                  .then(() => updateCanvas(client, viewId, (c) => patchTarget(c, ref.to, { favourite: on })))
                  .catch((failure: unknown) => notify('error', failureText(failure, t('common.genericError'))))
            : null,
          drawOnImage: plugins.drawonimage
            ? (ref) => {
                const url = ref._to.attachment?.url;
                if (!url) return;
                const title = t('canvas.msg.drawingTitle', { title: ref._to.title }).slice(0, 500);
                // A new drawing beside the image, opened with the image as its background layer.
                void actions
                  .create('Drawing', { x: ref.data.x + (ref.data.width ?? 200) + 20, y: ref.data.y }, title)
                  .then((drawing) => drawing && openWindow('contribution', drawing._id, title, { url, title: ref._to.title }));
              }
            : null,
        })
      : canvasMenuEntries(t, data.editable, clipboard?.title ?? null, {
          paste: () => clipboard && void actions.paste(clipboard, menu.at),
          newNote: () => void newNoteAt(menu.at),
        })
    : [];

  // ---- toolbar ----------------------------------------------------------------------------------
  const items: ToolbarItem[] = [];
  if (data.editable) {
    items.push(
      {
        id: 'new-note',
        label: t('canvas.tools.newNote'),
        menuLabel: t('canvas.newNote'),
        icon: FilePlus,
        onClick: () => void newNoteAt(scrollOrigin()),
        dragType: newNoteDragType,
      },
      {
        id: 'new-drawing',
        label: t('canvas.tools.newDrawing'),
        icon: PenTool,
        onClick: () =>
          void actions.create('Drawing', scrollOrigin()).then((d) => d && openWindow('contribution', d._id, t('canvas.kind.drawing'))),
      },
      ...(slots.uploadAttachment
        ? [
            {
              id: 'attachment',
              label: t('canvas.tools.attachment'),
              icon: Paperclip,
              // A new attachment opens in its window, where the file is chosen and uploaded.
              onClick: () =>
                void actions
                  .create('Attachment', scrollOrigin())
                  .then((a) => a && openWindow('contribution', a._id, t('canvas.kind.attachment'))),
            },
          ]
        : []),
      {
        id: 'riseabove',
        label: t('canvas.tools.riseabove'),
        icon: Layers,
        // With notes selected, the rise-above holds them (moved into its inner view, as KF6 does); else it starts empty.
        onClick: () => void riseaboveFrom(selection.size > 0 ? selectedRefs(selection) : undefined),
      },
    );
  }
  if (slots.renderViewManager) {
    items.push({
      id: 'view-manager',
      label: t('canvas.panels.viewManager'),
      icon: FolderTree,
      pressed: panel === 'viewManager',
      onClick: () => togglePanel('viewManager'),
      gapBefore: true,
    });
  }
  items.push({
    id: 'view-links',
    label: t('canvas.panels.viewLinks'),
    icon: Link2,
    pressed: panel === 'viewLinks',
    onClick: () => togglePanel('viewLinks'),
    gapBefore: !slots.renderViewManager,
  });
  if (isManager) items.push({ id: 'authors', label: t('canvas.tools.authors'), icon: UserCog, to: `/authormanager/${communityId}` });
  items.push(
    { id: 'groups', label: t('canvas.tools.groups'), icon: UsersRound, to: `/groupmanager/${communityId}` },
    {
      id: 'workspace',
      label: t('canvas.tools.workspace'),
      icon: Briefcase,
      onClick: () =>
        void openWorkspace(communityId)
          .then((reply) => navigate(`/view/${reply.viewId}`))
          .catch(() => notify('error', t('common.genericError'))),
    },
    {
      id: 'settings',
      label: t('canvas.panels.settings'),
      icon: Settings2,
      pressed: panel === 'settings',
      onClick: () => togglePanel('settings'),
      gapBefore: true,
    },
  );
  if (slots.renderSearch) {
    items.push({ id: 'search', label: t('search.open'), icon: Search, pressed: panel === 'search', onClick: () => togglePanel('search') });
  }
  if (plugins.filter) {
    items.push({
      id: 'filter',
      label: t('canvas.panels.filter'),
      icon: Filter,
      pressed: panel === 'filter',
      onClick: () => togglePanel('filter'),
    });
  }
  items.push({ id: 'timemachine', label: t('canvas.timemachine.open'), icon: History, to: `/timemachine/${viewId}` });
  items.push(
    { id: 'help', label: t('canvas.panels.help'), icon: CircleHelp, pressed: panel === 'help', onClick: () => togglePanel('help') },
    { id: 'exit', label: t('canvas.tools.exit'), icon: DoorOpen, to: '/', gapBefore: true },
  );

  const changeSetting = (key: keyof ViewSetting, value: boolean) =>
    setOverrides((all) => ({ ...all, [viewId]: { ...(all[viewId] ?? {}), [key]: value } }));
  const [savingSetting, setSavingSetting] = useState(false);
  /** Saves the view's setting for every reader (null: the community's); my own changes are then dropped. */
  const storeSetting = async (value: ViewSetting | null) => {
    setSavingSetting(true);
    try {
      const reply = await saveViewSetting(viewId, value);
      resetSetting();
      updateCanvas(client, viewId, (c) => ({ ...c, viewSetting: reply.viewSetting, viewSettingSaved: reply.viewSettingSaved }));
      notify('success', t('canvas.settings.savedNotice'));
    } catch (failure) {
      notify('error', failureText(failure, t('common.genericError')));
    } finally {
      setSavingSetting(false);
    }
  };
  const resetSetting = () =>
    setOverrides((all) => {
      const next = { ...all };
      delete next[viewId];
      return next;
    });

  const panelElement =
    panel === 'viewLinks' ? (
      <ViewLinksPanel
        communityId={communityId}
        viewId={viewId}
        editable={data.editable}
        onPlace={(id) => void actions.placeExisting(id, scrollOrigin())}
        onClose={() => setPanel(null)}
      />
    ) : panel === 'viewManager' && slots.renderViewManager ? (
      <Panel title={t('canvas.panels.viewManager')} onClose={() => setPanel(null)} testId="panel-viewManager">
        {slots.renderViewManager({ communityId, viewId })}
      </Panel>
    ) : panel === 'hierarchy' && plugins.hirerachyView ? (
      <HierarchyPanel
        communityId={communityId}
        viewId={viewId}
        refs={data.refs}
        links={data.links}
        onRiseabove={async (target, notes) => {
          const reply = await actions.riseaboveInto(target, notes);
          return reply;
        }}
        onClose={() => setPanel(null)}
      />
    ) : panel === 'filter' && plugins.filter ? (
      <FilterPanel
        filter={filter}
        onChange={setFilter}
        matching={visible?.size ?? data.refs.length}
        total={data.refs.length}
        scaffolds={scaffolds.data ?? null}
        onClose={() => setPanel(null)}
      />
    ) : panel === 'settings' ? (
      <SettingsPanel
        setting={setting}
        overridden={override !== undefined}
        savedOnView={Boolean(data.viewSettingSaved)}
        mayChange={data.mayChangeViewSetting === true}
        saving={savingSetting}
        onChange={changeSetting}
        onReset={resetSetting}
        onSaveForAll={() => void storeSetting(setting)}
        onUseCommunity={() => void storeSetting(null)}
        onClose={() => setPanel(null)}
      />
    ) : panel === 'search' && slots.renderSearch ? (
      <Panel title={t('search.title')} onClose={() => setPanel(null)} testId="panel-search">
        {slots.renderSearch({ communityId, viewId })}
      </Panel>
    ) : panel === 'help' ? (
      <HelpPanel onClose={() => setPanel(null)} />
    ) : null;

  return (
    <div className={styles.screen} data-testid="view-page" data-view-id={viewId} data-live={live.connected ? 'subscribed' : 'offline'}>
      <TitleBar
        data={data}
        presence={live.presence}
        hierarchyOpen={panel === 'hierarchy'}
        onHierarchy={plugins.hirerachyView && !reduced ? () => togglePanel('hierarchy') : null}
      />
      <div className={styles.body}>
        {!reduced && <Toolbar items={items} label={t('canvas.toolbar')} />}
        {!reduced && panelElement}
        <Canvas
          toolbarShown={!reduced}
          refs={localRefs}
          links={data.links}
          setting={setting}
          favourites={plugins.enableFavourites}
          visible={null}
          selection={selection}
          setSelection={setSelection}
          editable={data.editable}
          onMove={(moves) => void actions.move(moves)}
          onOpen={openContribution}
          onMenu={(refId, client, at) => {
            menuOpenedOn.current = refId;
            setMenu({ refId, client, at });
          }}
          onDrop={handleDrop}
          onDragOut={dragOut}
          liftRequest={liftRequest}
          onDeleteKey={() => {
            const refs = selectedRefs(selection);
            if (refs.length > 0 && data.editable) void removeRefs(refs);
          }}
        />
      </div>
      <PointerMenu
        at={menu?.client ?? null}
        label={menuRef ? t('canvas.menu.refLabel', { title: menuRef._to.title }) : t('canvas.menu.canvasLabel')}
        entries={menuEntries}
        onClose={() => setMenu(null)}
        testId={menuRef ? 'ref-menu' : 'canvas-menu'}
        returnFocus={() => {
          // The menu state is already cleared when Radix asks: the ref it was opened on is remembered apart.
          const refId = menuOpenedOn.current;
          return (
            (refId && document.querySelector<HTMLElement>(`[data-ref-id="${CSS.escape(refId)}"]`)) ||
            document.querySelector<HTMLElement>('[data-testid="canvas"]')
          );
        }}
      />
      {windows.map((win) => (
        <InternalWindow
          key={win.id}
          win={win}
          href={win.kind === 'view' ? `/view/${win.targetId}` : `/contribution/${win.targetId}/${viewId}`}
          onClose={(id) => {
            if (win.kind !== 'view' && slots.confirmCloseContribution && !slots.confirmCloseContribution(win.targetId)) return;
            closeWindow(id);
          }}
          onFocus={focusWindow}
          onFrame={frameWindow}
        >
          {win.kind === 'view' ? (
            <iframe
              className={windowStyles.windowFrame}
              src={`/view/${win.targetId}/X`}
              title={win.title}
              data-view-window={win.targetId}
            />
          ) : (
            slots.renderContribution({
              contributionId: win.targetId,
              viewId,
              close: () => closeWindow(win.id),
              open: (id) => openWindow('contribution', id, t('canvas.kind.note')),
              ...(win.background ? { background: win.background } : {}),
            })
          )}
        </InternalWindow>
      ))}
      <AskDialog ask={ask} close={closeAsk} />
      {notices.length > 0 && (
        <div className={styles.notices} data-testid="canvas-notices">
          {notices.map((notice) => (
            <Alert key={notice.id} tone={notice.tone} testId="canvas-notice">
              {notice.text}
            </Alert>
          ))}
        </div>
      )}
    </div>
  );
};
