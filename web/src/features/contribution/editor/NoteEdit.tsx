import type { Node as PMNode } from 'prosemirror-model';
import { authorLabel } from '../labels.ts';
import type { EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { Tag } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Scaffold } from '../../../../../contracts/api/communities.ts';
import { countWords, plainTextOf } from '../../../../../contracts/noteSchema.ts';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/Field.tsx';
import { api } from '../../../lib/api.ts';
import type { ObjectReply } from '../api/objects.ts';
import { urls } from '../api/urls.ts';
import { appendKeyword } from '../state/keywords.ts';
import { ModalDialog } from '../window/ModalDialog.tsx';
import type { EditSession } from '../window/useEditSession.ts';
import { adoptLinkIds, insertInline, insertSupport, savedNodeLinks, schema, selectedText } from './commands.ts';
import { ConflictView } from './ConflictView.tsx';
import { LanguageBar } from './LanguageBar.tsx';
import type { AttachmentResolver } from './nodeViews.ts';
import { ProseMirrorEditor } from './ProseMirrorEditor.tsx';
import { createEditorState } from './setup.ts';
import { ScaffoldPanel } from './ScaffoldPanel.tsx';
import { Toolbar } from './Toolbar.tsx';
import { WritingHelp } from '../ai/WritingHelp.tsx';
import styles from './Editor.module.css';

const idIn = (text: string): string | null => text.match(/[0-9a-f]{24}/)?.[0] ?? null;

/** The Edit tab of a note: title, scaffolds, the rich-text editor, keywords, word count. */
export const NoteEdit = ({
  session,
  viewRef,
  scaffolds,
  scaffoldsLoading,
  storedWordCount,
  storedData,
  resolveAttachment,
  writingHelp,
}: {
  session: EditSession;
  viewRef: React.MutableRefObject<EditorView | null>;
  scaffolds: Scaffold[];
  scaffoldsLoading: boolean;
  storedWordCount: number;
  /** The note's data as last loaded or saved: its supports' and references' link ids go into the editor. */
  storedData: Record<string, unknown>;
  resolveAttachment: AttachmentResolver;
  /** The note's community and id: the writing help beside the editor (issue 18 §3). */
  writingHelp?: { communityId: string; contributionId: string };
}) => {
  const { t } = useTranslation();
  const [editorState, setEditorState] = useState<EditorState | null>(null);
  const [keywordMessage, setKeywordMessage] = useState<string | null>(null);
  const [referenceOpen, setReferenceOpen] = useState(false);
  const [reference, setReference] = useState({ target: '', quote: '' });
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const lastToken = useRef(session.replaced.token);

  // Recover / take theirs: the editor reloads the new content.
  useEffect(() => {
    if (session.replaced.token === lastToken.current) return;
    lastToken.current = session.replaced.token;
    const view = viewRef.current;
    if (!view) return;
    view.updateState(createEditorState(session.replaced.content));
    setEditorState(view.state);
  }, [session.replaced, viewRef]);

  // After a save: the supports and references the pupil added take their new link ids, so the next
  // save keeps those links (the pupil may well go on writing inside the scaffold).
  useEffect(() => {
    const view = viewRef.current;
    if (view) adoptLinkIds(savedNodeLinks(storedData))(view.state, view.dispatch);
  }, [storedData, viewRef]);

  const words = editorState ? countWords(plainTextOf(editorState.doc)) : storedWordCount;

  const onChange = (doc: PMNode, view: EditorView) => {
    setEditorState(view.state);
    session.setContent(doc.toJSON());
  };

  const addKeyword = () => {
    const view = viewRef.current;
    const next = view ? appendKeyword(session.keywords, selectedText(view.state)) : null;
    if (next === null) {
      setKeywordMessage(t('contribution.spec.keywordNeedsSelection'));
      return;
    }
    setKeywordMessage(null);
    session.setKeywords(next);
  };

  const insert = (support: { _id: string; title: string }) => {
    const view = viewRef.current;
    if (!view) return false;
    const inserted = insertSupport(support)(view.state, view.dispatch);
    view.focus();
    return inserted;
  };

  const openReference = () => {
    const view = viewRef.current;
    setReference({ target: '', quote: view ? selectedText(view.state).trim() : '' });
    setReferenceError(null);
    setReferenceOpen(true);
  };

  const submitReference = async (event: FormEvent) => {
    event.preventDefault();
    const id = idIn(reference.target);
    if (!id) {
      setReferenceError(t('contribution.reference.invalid'));
      return;
    }
    try {
      const target = await api.request<ObjectReply>(urls.object(id));
      const view = viewRef.current;
      if (!view) return;
      const node = schema.nodes.reference!.create({
        contributionId: target._id,
        quote: reference.quote.trim(),
        title: target.title,
        authors: target.authorNames.map((a) => authorLabel(t, a)).join(', '),
        linkId: null,
      });
      insertInline(node)(view.state, view.dispatch);
      setReferenceOpen(false);
      view.focus();
    } catch {
      setReferenceError(t('contribution.reference.notFound'));
    }
  };

  return (
    <div className={styles.noteEdit}>
      {session.languages && <LanguageBar languages={session.languages} />}
      <TextField
        label={t('contribution.fields.title')}
        name="contribution-title"
        value={session.title}
        onChange={(event) => session.setTitle(event.target.value)}
        error={session.titleMissing ? t('contribution.messages.title_required') : undefined}
        required
        data-testid="title-input"
      />
      <div className={styles.editArea}>
        <div className={styles.editorColumn}>
          <Toolbar view={viewRef.current} state={editorState} onReference={openReference} />
          <ProseMirrorEditor
            initial={session.replaced.content}
            viewRef={viewRef}
            onChange={onChange}
            resolveAttachment={resolveAttachment}
            supportPlaceholder={t('contribution.scaffolds.placeholder')}
            supportTexts={{ start: t('contribution.scaffolds.srStart'), end: t('contribution.scaffolds.srEnd') }}
            knownSupports={() => scaffolds.flatMap((scaffold) => scaffold.supports)}
            label={t('contribution.fields.body')}
          />
          {/* Not a live region: a count spoken after every word drowned the pupil's own typing; it is read when reached (issue 25 §3). */}
          <p className={styles.wordCount} data-testid="word-count">
            {t('contribution.wordCount', { count: words })}
          </p>
        </div>
        <div>
          <ScaffoldPanel scaffolds={scaffolds} loading={scaffoldsLoading} onInsert={insert} disabled={!editorState} />
          {writingHelp && (
            <WritingHelp
              communityId={writingHelp.communityId}
              contributionId={writingHelp.contributionId}
              text={() =>
                [session.title.trim(), viewRef.current ? plainTextOf(viewRef.current.state.doc).trim() : ''].filter(Boolean).join('\n\n')
              }
            />
          )}
        </div>
      </div>
      <div className={styles.keywords}>
        <TextField
          label={t('contribution.keywords.label')}
          hint={t('contribution.keywords.hint')}
          name="contribution-keywords"
          value={session.keywords}
          onChange={(event) => session.setKeywords(event.target.value)}
          error={keywordMessage ?? undefined}
          data-testid="keywords-input"
        />
        <Button variant="secondary" onMouseDown={(event) => event.preventDefault()} onClick={addKeyword} data-testid="keyword-add">
          <Tag size={18} aria-hidden="true" />
          {t('contribution.keywords.add')}
        </Button>
      </div>
      <ConflictView session={session} />

      <ModalDialog open={referenceOpen} onOpenChange={setReferenceOpen} title={t('contribution.reference.title')}>
        <form className={styles.dialogForm} onSubmit={(event) => void submitReference(event)}>
          <TextField
            label={t('contribution.reference.target')}
            hint={t('contribution.reference.targetHint')}
            name="reference-target"
            value={reference.target}
            onChange={(event) => setReference((r) => ({ ...r, target: event.target.value }))}
            error={referenceError ?? undefined}
            autoFocus
          />
          <TextField
            label={t('contribution.reference.quote')}
            name="reference-quote"
            value={reference.quote}
            onChange={(event) => setReference((r) => ({ ...r, quote: event.target.value }))}
          />
          <Button type="submit">{t('contribution.reference.insert')}</Button>
        </form>
      </ModalDialog>
    </div>
  );
};
