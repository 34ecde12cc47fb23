import * as Tabs from '@radix-ui/react-tabs';
import { useQueryClient } from '@tanstack/react-query';
import type { EditorView } from 'prosemirror-view';
import { FileText, PenLine } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eachDocNode } from '../../../../../contracts/deepJson.ts';
import { useMe } from '../../../lib/session.ts';
import { useNoteLanguage } from '../../../lib/noteLanguage.ts';
import { companionLanguage, localisedObject } from '../state/languages.ts';
import { ReadLanguage } from '../tabs/ReadLanguage.tsx';
import { CompanionVersion } from '../tabs/SideBySide.tsx';
import tabStyles from '../tabs/Tabs.module.css';
import { useCommunityScaffolds, useCommunitySettings } from '../../../lib/community.ts';
import { keys, markRead, useObject, useOptionalObject, type ObjectReply } from '../api/objects.ts';
import { AttachmentsTab, type AttachmentItem } from '../attachments/AttachmentsTab.tsx';
import { fileUrl, isImage, resolveAttachment } from '../attachments/resolve.ts';
import { UploadBox } from '../attachments/UploadBox.tsx';
import { DescriptionForm } from '../description/DescriptionForm.tsx';
import type { BackgroundChoice } from '../drawing/DrawingEdit.tsx';
import { schema } from '../editor/commands.ts';
import { NoteEdit } from '../editor/NoteEdit.tsx';
import { AuthorsTab } from '../tabs/AuthorsTab.tsx';
import { ConnectionsTab } from '../tabs/ConnectionsTab.tsx';
import { HistoryTab } from '../tabs/HistoryTab.tsx';
import { PromisingIdeasTab } from '../promising/PromisingIdeaMarker.tsx';
import { PropertiesTab } from '../tabs/PropertiesTab.tsx';
import { useItmEnabled } from '../itm/itmApi.ts';
import { ThreadTab } from '../itm/ThreadTab.tsx';
import { ReadTab } from '../tabs/ReadTab.tsx';
import { ActionsBar } from './ActionsBar.tsx';
import { SaveBar } from './SaveBar.tsx';
import { useEditSession } from './useEditSession.ts';
import styles from './Pane.module.css';

export type ContributionPaneProps = {
  contributionId: string;
  /** The view (or context) it was opened from: its scaffolds are offered. */
  contextId?: string | null;
  /** Finish and close (the window, or the page). */
  onClose?: () => void;
  /** The editor holds unsaved changes (the host confirms before closing). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Opens another contribution (a build-on); defaults to the contribution page. */
  onOpen?: (contributionId: string, title?: string) => void;
  /** Page mode shows the title as the page's h1. */
  headingLevel?: 1 | 2;
  /** Draw on image (canvas menu): a drawing's editor starts with this image as its background layer. */
  drawingBackground?: { url: string; title: string };
  /** The title as shown, each time it changes (a window's title and its dialog name follow it). */
  onTitleChange?: (title: string) => void;
};

// paper.js loads only when a drawing is edited.
const DrawingEdit = lazy(() => import('../drawing/DrawingEdit.tsx').then((m) => ({ default: m.DrawingEdit })));

/** Active contributions are marked read 1.2 s after opening (spec part 1 §4, §9). */
const readDelayMs = 1200;

/** Ids of the attachments a note body (ProseMirror JSON) shows inline. */
const attachmentIdsIn = (body: unknown): Set<string> => {
  const ids = new Set<string>();
  // Iterative (issue 20 §0): no recursion on the document's depth.
  eachDocNode(body, (node) => {
    const attachmentId = node.attrs?.attachmentId;
    if (node.type === 'attachmentRef' && typeof attachmentId === 'string' && attachmentId) ids.add(attachmentId);
  });
  return ids;
};

/**
 * The contribution window (spec part 1 §2): the same component on
 * /contribution/{id}[/{contextId}] and inside the canvas's internal windows.
 */
export const ContributionPane = (props: ContributionPaneProps) => {
  const { t } = useTranslation();
  const object = useObject(props.contributionId);
  if (object.isPending) {
    return (
      <p className={styles.status} role="status">
        {t('contribution.loading')}
      </p>
    );
  }
  if (object.isError) {
    return (
      <div className={styles.loadError} role="alert" data-testid="contribution-error" data-window-focus="heading">
        <strong>{t('contribution.spec.error')}</strong> <span>{object.error.message}</span>
      </div>
    );
  }
  return <LoadedPane {...props} object={object.data} />;
};

const kindOf = (type: string): 'note' | 'drawing' | null => (type === 'Note' ? 'note' : type === 'Drawing' ? 'drawing' : null);

const LoadedPane = ({
  object,
  contextId = null,
  onClose,
  onDirtyChange,
  onOpen,
  headingLevel = 2,
  drawingBackground,
  onTitleChange,
}: ContributionPaneProps & { object: ObjectReply }) => {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: keys.object(object._id), exact: true });
  const kind = kindOf(object.type) ?? 'note';
  const editableKind = kindOf(object.type) !== null;
  const settings = useCommunitySettings(object.communityId);
  // Multilanguage notes: the reader's language (title bar picker) for reading and for the editor's first language.
  const noteLanguage = useNoteLanguage(object.communityId, settings.data?.data);
  const session = useEditSession(
    object,
    kind,
    noteLanguage.enabled
      ? { offered: noteLanguage.offered, defaultLang: noteLanguage.defaultLang, preferred: noteLanguage.language }
      : null,
  );
  const readObject = useMemo(
    () => localisedObject(object, noteLanguage.language, noteLanguage.defaultLang),
    [object, noteLanguage.language, noteLanguage.defaultLang],
  );
  const plugins = settings.data?.data.plugins;
  // sideToSideNotePosition: a multilanguage note's other version beside the reader's.
  const companion = plugins?.sideToSideNotePosition
    ? companionLanguage(object, noteLanguage.enabled ? readObject.shownLanguage : null, noteLanguage.defaultLang)
    : null;
  const context = useOptionalObject(contextId && contextId !== settings.data?.contextId ? contextId : null);
  const scaffolds = useCommunityScaffolds(object.communityId, object.editable && object.type === 'Note');
  const viewRef = useRef<EditorView | null>(null);
  const isNew = object.status === 'unsaved';
  const [tab, setTab] = useState(object.editable && isNew && editableKind ? 'edit' : 'read');
  const [attachments, setAttachments] = useState<AttachmentItem[]>([]);
  const tabList = useRef<HTMLDivElement | null>(null);
  // On phones the tab row scrolls: keep the chosen tab in sight.
  useEffect(() => {
    tabList.current?.querySelector<HTMLElement>('[data-state="active"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  // The scaffolds of the view when it chose its own, else those of the root context, in order.
  const offered = useMemo(() => {
    const all = scaffolds.data ?? [];
    // A view's own choice of scaffolds (Knowledge Forum's `data.scaffoldIds`), read by name: no type declares it.
    const stored: Readonly<Record<string, unknown>> = context.data?.data ?? {};
    const viewChoice = Array.isArray(stored.scaffoldIds) ? stored.scaffoldIds.filter((id) => typeof id === 'string') : [];
    const ids = viewChoice.length > 0 ? viewChoice : (settings.data?.scaffoldIds ?? []);
    const byId = new Map(all.map((s) => [s._id, s]));
    const chosen = ids.map((id) => byId.get(id)).filter((s) => s !== undefined);
    return chosen.length > 0 || ids.length > 0 ? chosen : all;
  }, [scaffolds.data, settings.data, context.data]);

  const dirty = session.dirty;
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  // Leaving the page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Read mark 1.2 s after opening an active contribution.
  useEffect(() => {
    if (object.status !== 'active') return undefined;
    const timer = window.setTimeout(() => void markRead(object.communityId, object._id), readDelayMs);
    return () => window.clearTimeout(timer);
    // Once per opening (and again when it becomes active).
  }, [object._id, object.communityId, object.status]);

  // Attachments inside the body, and those uploaded here.
  useEffect(() => {
    if (object.type !== 'Note') return;
    const ids = attachmentIdsIn(session.replaced.content);
    // Titles come with the object; unknown ones are fetched lazily by the editor.
    setAttachments((list) => [
      ...list,
      ...[...ids].filter((id) => !list.some((a) => a._id === id)).map((id) => ({ _id: id, title: id, mime: '', url: null })),
    ]);
  }, [object.type, session.replaced]);

  const finish = () => {
    if (session.dirty && !window.confirm(t('contribution.leaveConfirm'))) return;
    onClose?.();
  };

  /** An attach link was removed: the attachment leaves the list unless the text (as edited now) still shows it. */
  const attachmentUnlinked = (attachmentId: string): boolean => {
    const inText = attachmentIdsIn(session.content()).has(attachmentId);
    if (!inText) setAttachments((list) => list.filter((a) => a._id !== attachmentId));
    return inText;
  };

  const insertAttachment = (item: AttachmentItem) => {
    const view = viewRef.current;
    if (!view) return;
    view.dispatch(
      view.state.tr.replaceSelectionWith(schema.nodes.attachmentRef!.create({ attachmentId: item._id }), false).scrollIntoView(),
    );
    setTab('edit');
    window.setTimeout(() => view.focus(), 0);
  };

  const backgrounds: BackgroundChoice[] = attachments
    .filter((a) => isImage(a.mime) && a.url)
    .map((a) => ({ id: a._id, title: a.title, load: () => fileUrl(a.url ?? '') }));

  const shownTitle = (noteLanguage.enabled && tab !== 'edit' ? readObject.title : session.title || object.title) || '';
  const titleListener = useRef(onTitleChange);
  titleListener.current = onTitleChange;
  useEffect(() => titleListener.current?.(shownTitle), [shownTitle]);

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const TypeIcon = object.type === 'Drawing' ? PenLine : FileText;
  const showEdit = object.editable && editableKind;
  // The Thread tab: the plugin on, a contributed note, and ITM configured on this server (issue 18 §7).
  const itmEnabled = useItmEnabled(object.communityId, Boolean(plugins?.itm) && object.type === 'Note' && !isNew);
  const showThread = itmEnabled && object.type === 'Note' && !isNew;
  const showPromising = Boolean(plugins?.promisingnessidea);

  return (
    <div
      className={`${styles.pane} ${headingLevel === 1 ? '' : styles.embedded}`}
      data-testid="contribution-pane"
      data-contribution={object._id}
      data-status={object.status}
      // In a window: a new contribution opens on its editor, where focus goes to the title; else on the heading (issue 25 §2).
      data-window-focus={tab === 'edit' && isNew ? 'field' : 'heading'}
    >
      <header className={styles.header}>
        <TypeIcon size={20} aria-hidden="true" className={styles.typeIcon} />
        <Heading className={styles.title} data-testid="contribution-title">
          {shownTitle || t('contribution.untitled')}
        </Heading>
        <span className={styles.status} data-testid="contribution-status">
          {t(`contribution.statuses.${object.status === 'unsaved' || object.status === 'inactive' ? object.status : 'active'}`)}
        </span>
      </header>
      <Tabs.Root value={tab} onValueChange={setTab} className={styles.tabs}>
        <Tabs.List ref={tabList} className={styles.tabList} aria-label={t('contribution.tabs.label')}>
          <Tabs.Trigger value="read" className={styles.tab} data-testid="tab-read">
            {t('contribution.tabs.read')}
          </Tabs.Trigger>
          {showEdit && (
            <Tabs.Trigger value="edit" className={styles.tab} data-testid="tab-edit">
              {t('contribution.tabs.edit')}
              {session.dirty && <span className={styles.dot} aria-label={t('contribution.save.unsavedChanges')} />}
            </Tabs.Trigger>
          )}
          {showEdit && object.type === 'Note' && (
            <Tabs.Trigger value="attachments" className={styles.tab} data-testid="tab-attachments">
              {t('contribution.tabs.attachments')}
            </Tabs.Trigger>
          )}
          <Tabs.Trigger value="authors" className={styles.tab} data-testid="tab-authors">
            {t('contribution.tabs.authors')}
          </Tabs.Trigger>
          <Tabs.Trigger value="connections" className={styles.tab} data-testid="tab-connections">
            {t('contribution.tabs.connections')}
          </Tabs.Trigger>
          {showThread && (
            <Tabs.Trigger value="thread" className={styles.tab} data-testid="tab-thread">
              {t('contribution.tabs.thread')}
            </Tabs.Trigger>
          )}
          <Tabs.Trigger value="history" className={styles.tab} data-testid="tab-history">
            {t('contribution.tabs.history')}
          </Tabs.Trigger>
          {object.owned && (
            <Tabs.Trigger value="properties" className={styles.tab} data-testid="tab-properties">
              {t('contribution.tabs.properties')}
            </Tabs.Trigger>
          )}
          {showPromising && (
            <Tabs.Trigger value="promising" className={styles.tab} data-testid="tab-promising">
              {t('contribution.tabs.promising')}
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="read" className={styles.panel}>
          {object.type === 'Note' && (
            <ReadLanguage noteLanguage={noteLanguage} written={object.langInNote ?? []} shown={readObject.shownLanguage} />
          )}
          {companion ? (
            <div className={tabStyles.sideBySide} data-testid="side-by-side">
              <ReadTab object={readObject} />
              <CompanionVersion object={object} language={companion} defaultLang={noteLanguage.defaultLang} />
            </div>
          ) : (
            <ReadTab object={readObject} />
          )}
          {object.type === 'Attachment' && object.editable && (
            <>
              {/* Its text alternative (issue 25 §4). */}
              <DescriptionForm key={object._id} object={object} />
              <UploadBox
                communityId={object.communityId}
                label={t('contribution.attachments.newVersion')}
                prepare={() => Promise.resolve(object._id)}
                onUploaded={() => void refetch()}
              />
            </>
          )}
        </Tabs.Content>
        {showEdit && (
          // Kept mounted while other tabs show, so the editor and its undo history live on.
          <Tabs.Content value="edit" className={styles.panel} forceMount hidden={tab !== 'edit'}>
            {object.type === 'Note' ? (
              <NoteEdit
                session={session}
                viewRef={viewRef}
                scaffolds={offered}
                scaffoldsLoading={scaffolds.isPending}
                storedWordCount={object.wordCount}
                storedData={object.data}
                resolveAttachment={resolveAttachment}
                writingHelp={{ communityId: object.communityId, contributionId: object._id }}
              />
            ) : (
              <Suspense fallback={<p className={styles.status}>{t('contribution.loading')}</p>}>
                <DrawingEdit
                  session={session}
                  backgrounds={backgrounds}
                  communityId={object.communityId}
                  {...(drawingBackground
                    ? { initialBackground: { id: 'initial', title: drawingBackground.title, load: () => fileUrl(drawingBackground.url) } }
                    : {})}
                />
              </Suspense>
            )}
            <SaveBar session={session} onFinish={finish} isNew={isNew} />
          </Tabs.Content>
        )}
        {showEdit && object.type === 'Note' && (
          <Tabs.Content value="attachments" className={styles.panel}>
            <AttachmentsTab
              noteId={object._id}
              communityId={object.communityId}
              attachments={attachments}
              onUploaded={(item) => setAttachments((list) => [item, ...list.filter((a) => a._id !== item._id)])}
              onInsert={insertAttachment}
              canInsert={Boolean(viewRef.current)}
              canRecover={session.hasStored}
              onRecover={() => {
                session.recover();
                setTab('edit');
              }}
              canRemove={object.editable}
              onRemoved={attachmentUnlinked}
            />
          </Tabs.Content>
        )}
        <Tabs.Content value="authors" className={styles.panel}>
          <AuthorsTab object={object} />
        </Tabs.Content>
        <Tabs.Content value="connections" className={styles.panel}>
          <ConnectionsTab id={object._id} contextId={contextId} />
        </Tabs.Content>
        {showThread && (
          <Tabs.Content value="thread" className={styles.panel}>
            <ThreadTab communityId={object.communityId} noteId={object._id} editable={object.editable} />
          </Tabs.Content>
        )}
        <Tabs.Content value="history" className={styles.panel}>
          <HistoryTab id={object._id} />
        </Tabs.Content>
        {object.owned && (
          <Tabs.Content value="properties" className={styles.panel}>
            <PropertiesTab object={object} />
          </Tabs.Content>
        )}
        {showPromising && (
          <Tabs.Content value="promising" className={styles.panel}>
            <PromisingIdeasTab object={object} />
          </Tabs.Content>
        )}
      </Tabs.Root>
      <ActionsBar
        object={object}
        favouritesOn={Boolean(plugins?.enableFavourites)}
        googleDocsOn={Boolean(plugins?.googledocs)}
        translateTo={{ english: Boolean(plugins?.translateToEnglish), chinese: Boolean(plugins?.translateToChinese) }}
        userId={me.data?._id ?? null}
        viewId={context.data?.type === 'View' ? context.data._id : null}
        onOpen={onOpen ?? ((id) => window.location.assign(`/contribution/${id}${contextId ? `/${contextId}` : ''}`))}
      />
    </div>
  );
};
