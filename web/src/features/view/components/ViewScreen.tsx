import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import {
  Briefcase,
  CircleHelp,
  CloudDownload,
  DoorOpen,
  FilePlus,
  Filter,
  FolderTree,
  History,
  Layers,
  Link2,
  ListTree,
  Paperclip,
  PenTool,
  Search,
  Settings2,
  UserCog,
  UsersRound,
} from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ViewSetting } from '../../../../../contracts/api/communities.ts';
import { Alert } from '../../../components/Alert.tsx';
import { canvasKey, openWorkspace, patchTarget, saveViewSetting, setFavourite, updateCanvas, type ViewCanvasReply } from '../api/canvas.ts';
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
import { menuTargets as refsActedOn } from '../canvas/selection.ts';
import { useViewLive } from '../live/useViewLive.ts';
import { useLocalisedRefs } from '../canvas/localise.ts';
import { useNoteLanguage } from '../../../lib/noteLanguage.ts';
import { useCommunityScaffolds } from '../../../lib/community.ts';
import { FilterPanel } from '../panels/FilterPanel.tsx';
import { HelpPanel } from '../panels/HelpPanel.tsx';
import { HierarchyPanel } from '../panels/HierarchyPanel.tsx';
import { Panel } from '../panels/Panel.tsx';
import { SettingsPanel } from '../panels/SettingsPanel.tsx';
import { ViewLinksPanel } from '../panels/ViewLinksPanel.tsx';
import { clipboardAtom, displayOverridesAtom, openPanelAtom, viewModesAtom, type PanelId } from '../state.ts';
import { ThreadListSurface } from '../list/ThreadList.tsx';
import { newNoteDragType, Toolbar, type ToolbarItem } from '../toolbar/Toolbar.tsx';
import { AskDialog, useAsk } from '../windows/AskDialog.tsx';
import { useWindows } from '../windows/useWindows.ts';
import { InPlaceViewContext } from '../canvas/inPlaceView.ts';
import { renderInPlaceView } from '../canvas/InPlaceView.tsx';
import type { ViewSlots } from './slots.ts';
import { useRefTransfer } from './useRefTransfer.ts';
import { canvasMenuEntries, refMenuEntries } from './menus.ts';
import { TitleBar } from './TitleBar.tsx';
import { useCanvasActions, type Notify } from './useCanvasActions.ts';
import { useDropHandler } from './useDropHandler.ts';
import type { ContributionDragData } from '../../../lib/dragData.ts';
import { contributionDropAction } from '../canvas/contributionDrop.ts';
import { viewportStorageKey, visibleCanvasRect } from '../canvas/viewport.ts';
import { planeOf, planeZoom } from '../canvas/viewportDom.ts';
import styles from './View.module.css';
import { failureText } from '../../../components/serverMessage.ts';
import { DriveImportDialog, useGoogleConfigured, type DriveImported } from '../drive/DriveImportDialog.tsx';

type MenuState = { client: Point; at: Point; refId: string | null };
type Notice = { id: number; tone: 'error' | 'success' | 'info'; text: string };

/** A view shown inside a view window of the page (issue 22 §8): the window it is in. */
export type EmbeddedIn = {
  /** A view link followed in the window: the window shows that view instead. */
  openView: (viewId: string, title: string) => void;
};

/**
 * One view's canvas with its title bar, toolbar, panels and menus. The page's
 * canvas and each view window show one; the windows themselves are drawn once
 * for the page (ViewWindows), so every canvas opens them in the same place.
 */
export const ViewScreen = ({
  data,
  reduced,
  isAdmin,
  slots,
  embedded,
}: {
  data: ViewCanvasReply;
  reduced: boolean;
  isAdmin: boolean;
  slots: ViewSlots;
  /** Shown inside a view window (reduced, no windows of its own). */
  embedded?: EmbeddedIn;
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
  const windows = useWindows();
  const root = useRef<HTMLDivElement>(null);
  const [clipboard, setClipboard] = useAtom(clipboardAtom);
  const [overrides, setOverrides] = useAtom(displayOverridesAtom);
  const [viewModes, setViewModes] = useAtom(viewModesAtom);
  // The list view (issue 25 §3), kept per view in this browser; a view window always shows the canvas.
  const listed = !reduced && viewModes[viewId] === 'list';
  const Surface = listed ? ThreadListSurface : Canvas;
  const { ask, confirm, prompt, close: closeAsk } = useAsk();
  // Embedded views (rise-above notes, view windows) stay live too: refs moved into them appear.
  const live = useViewLive(viewId, true);
  const noticeId = useRef(0);
  // Import from Google Drive (issue 18 §6): where the chosen file goes; null while the dialog is closed.
  const [driveAt, setDriveAt] = useState<Point | null>(null);

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
  const wantsDrive = plugins.googledrive && data.editable && !reduced;
  const driveOffered = useGoogleConfigured(wantsDrive) && wantsDrive;
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

  // ---- windows: the page's one window manager (the canvas and view windows share it) ----
  const { open: openInWindow } = windows;
  const openWindow = useCallback(
    (kind: 'contribution' | 'view', targetId: string, title: string, background?: { url: string; title: string }) =>
      openInWindow({ kind, targetId, title, contextId: viewId, ...(background ? { background } : {}) }),
    [openInWindow, viewId],
  );
  /** A contribution just made here: when its window closes, focus goes to its card (issue 25 §2). */
  const openCreated = useCallback(
    (targetId: string, title: string, background?: { url: string; title: string }) =>
      openInWindow({ kind: 'contribution', targetId, title, contextId: viewId, created: true, ...(background ? { background } : {}) }),
    [openInWindow, viewId],
  );

  const openContribution = useCallback(
    (ref: ViewRef) => {
      if (ref._to.type === 'View') {
        // In a view window, a view link opens its view in that window (as a page would).
        if (embedded) embedded.openView(ref.to, ref._to.title || t('canvas.untitled'));
        else void navigate(`/view/${ref.to}`);
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
    [navigate, openWindow, t, embedded],
  );

  // ---- actions ---------------------------------------------------------------------------
  const newNoteAt = useCallback(
    async (at: Point) => {
      const note = await actions.create('Note', at);
      if (note) openCreated(note._id, t('canvas.newNote'));
    },
    [actions, openCreated, t],
  );
  /** The centre of what the author sees of the canvas: new notes start there (the server finds a free spot near it). */
  const scrollOrigin = (): Point => {
    const scroller = root.current?.querySelector('[data-testid="canvas"]');
    if (!scroller) return { x: 100, y: 100 };
    // In canvas coordinates, at the canvas's zoom (viewport.ts).
    const zoom = planeZoom(planeOf(scroller));
    const visible = visibleCanvasRect(
      { zoom, scrollX: scroller.scrollLeft, scrollY: scroller.scrollTop },
      { width: scroller.clientWidth, height: scroller.clientHeight },
    );
    return {
      x: Math.round(visible.x + Math.max(0, visible.width / 2 - 40)),
      y: Math.round(visible.y + Math.max(0, visible.height / 2 - 20)),
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
      // The removed notes may have had focus: it goes to the canvas's Tab stop, not to <body> (issue 25 §2).
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active && active !== document.body && active.isConnected) return;
        root.current
          ?.querySelector<HTMLElement>('[data-testid="canvas-plane"] [tabindex="0"], [data-testid="canvas"][tabindex="0"]')
          ?.focus();
      });
    },
    [actions, confirm, notify, t],
  );

  // ---- moving refs between canvases: this one and the view windows (fact sheet §10.4: drag = move) ----
  const dragOut = useRefTransfer({ viewId, root, notify, clearSelection: () => setSelection(new Set()) });

  const riseaboveFrom = useCallback(
    async (refs?: ViewRef[]) => {
      const title = await prompt(t('canvas.msg.riseaboveName'), refs ? t('canvas.riseaboveDefault') : '');
      if (title === null) return;
      if (!title.trim()) return notify('error', t('canvas.msg.riseaboveName'));
      const reply = await actions.riseabove(title.trim(), refs);
      if (!reply) return;
      setSelection(new Set());
      // The notes that had focus left the canvas: focus goes to the rise-above that holds them (issue 25 §2), once drawn.
      requestAnimationFrame(() => root.current?.querySelector<HTMLElement>(`[data-ref-to="${CSS.escape(reply.noteId)}"]`)?.focus());
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

  /** After an upload onto the canvas: the canvas read again, and an image shown in place, at most 200 px wide (fact sheet §10.1). */
  const showUploaded = useCallback(
    async (attachmentId: string, uploaded: { mime?: unknown; width?: unknown; height?: unknown } | null) => {
      await actions.refetch();
      const ref = client.getQueryData<ViewCanvasReply>(canvasKey(viewId))?.refs.find((r) => r.to === attachmentId);
      if (!ref || typeof uploaded?.mime !== 'string' || !uploaded.mime.startsWith('image/')) return;
      const natural =
        typeof uploaded.width === 'number' && typeof uploaded.height === 'number' && uploaded.width > 0
          ? { w: uploaded.width, h: uploaded.height }
          : null;
      const width = natural ? Math.min(natural.w, 200) : 200;
      await actions.setData([ref], {
        showInPlace: true,
        width,
        height: natural ? Math.max(1, Math.round((natural.h * width) / natural.w)) : 150,
      });
    },
    [actions, client, viewId],
  );
  const driveImported = (imported: DriveImported) => {
    setDriveAt(null);
    void showUploaded(imported.attachmentId, imported).then(() => notify('success', t('canvas.drive.imported', { name: imported.name })));
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
        contribution: (dragged: ContributionDragData, at: Point) => {
          if (!data.editable) return notify('error', t('canvas.msg.cannotEditView'));
          // Another community's contribution is ignored (the server refuses it too: 400 on `to`).
          if (contributionDropAction(dragged, communityId) !== 'place') return notify('error', t('canvas.msg.dropUnsupported'));
          void actions.placeExisting(dragged.id, at);
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
                await showUploaded(attachment._id, uploaded);
              } catch {
                notify('error', t('canvas.msg.uploadFailed'));
              }
            });
          });
        },
        url: (url: string, at: Point) => {
          if (data.editable) void actions.create('Note', at, url).then((note) => note && openCreated(note._id, url));
          else notify('error', t('canvas.msg.cannotEditView'));
        },
        unsupported: () => notify('error', t('canvas.msg.dropUnsupported')),
      }),
      [data.editable, newNoteAt, notify, t, actions, slots.uploadAttachment, communityId, openCreated, showUploaded],
    ),
  );

  // ---- menus ---------------------------------------------------------------------------------
  const menuRef = menu?.refId ? data.refs.find((r) => r._id === menu.refId) : undefined;
  const menuTargets = menuRef ? refsActedOn(data.refs, selection, menuRef) : [];
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
                  .then((drawing) => drawing && openCreated(drawing._id, title, { url, title: ref._to.title }));
              }
            : null,
        })
      : canvasMenuEntries(t, data.editable, clipboard?.title ?? null, {
          paste: () => clipboard && void actions.paste(clipboard, menu.at),
          newNote: () => void newNoteAt(menu.at),
          ...(driveOffered ? { importFromDrive: () => setDriveAt(menu.at) } : {}),
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
        onClick: () => void actions.create('Drawing', scrollOrigin()).then((d) => d && openCreated(d._id, t('canvas.kind.drawing'))),
      },
      ...(driveOffered
        ? [{ id: 'google-drive', label: t('canvas.drive.tool'), icon: CloudDownload, onClick: () => setDriveAt(scrollOrigin()) }]
        : []),
      ...(slots.uploadAttachment
        ? [
            {
              id: 'attachment',
              label: t('canvas.tools.attachment'),
              icon: Paperclip,
              // A new attachment opens in its window, where the file is chosen and uploaded.
              onClick: () =>
                void actions.create('Attachment', scrollOrigin()).then((a) => a && openCreated(a._id, t('canvas.kind.attachment'))),
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
      id: 'list-view',
      label: t('canvas.tools.listView'),
      icon: ListTree,
      pressed: listed,
      gapBefore: true,
      onClick: () =>
        setViewModes((all) => {
          const next = { ...all };
          if (listed) delete next[viewId];
          else next[viewId] = 'list';
          return next;
        }),
    },
    {
      id: 'settings',
      label: t('canvas.panels.settings'),
      icon: Settings2,
      pressed: panel === 'settings',
      onClick: () => togglePanel('settings'),
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
        analyticsCommunityId={communityId}
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
    <div
      ref={root}
      className={`${styles.screen} ${embedded ? styles.embedded : ''}`}
      data-testid="view-page"
      data-view-id={viewId}
      data-view-title={viewTitleOf(data)}
      data-live={live.connected ? 'subscribed' : 'offline'}
      // In a view window, focus stays on the window's heading when it opens (issue 25 §2).
      data-window-focus={embedded ? 'heading' : undefined}
    >
      <TitleBar
        data={data}
        presence={live.presence}
        hierarchyOpen={panel === 'hierarchy'}
        onHierarchy={plugins.hirerachyView && !reduced ? () => togglePanel('hierarchy') : null}
      />
      <div className={styles.body}>
        {!reduced && <Toolbar items={items} label={t('canvas.toolbar')} />}
        {!reduced && panelElement}
        <InPlaceViewContext.Provider value={renderInPlaceView}>
          <Surface
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
            navigation={{ storageKey: viewportStorageKey(data.me.userId, viewId) }}
            liftRequest={liftRequest}
            onDeleteKey={() => {
              const refs = selectedRefs(selection);
              if (refs.length > 0 && data.editable) void removeRefs(refs);
            }}
          />
        </InPlaceViewContext.Provider>
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
            (refId && root.current?.querySelector<HTMLElement>(`[data-ref-id="${CSS.escape(refId)}"]`)) ||
            root.current?.querySelector<HTMLElement>('[data-testid="canvas"]') ||
            null
          );
        }}
      />
      <AskDialog ask={ask} close={closeAsk} />
      {driveOffered && (
        <DriveImportDialog
          open={driveAt !== null}
          communityId={communityId}
          viewId={viewId}
          at={driveAt ?? { x: 100, y: 100 }}
          onClose={() => setDriveAt(null)}
          onImported={driveImported}
        />
      )}
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
