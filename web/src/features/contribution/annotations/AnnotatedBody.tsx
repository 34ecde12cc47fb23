import { noteBodyOf } from '../../../../../contracts/contributionData.ts';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { anchorAnnotation } from '../../../../../contracts/annotations.ts';
import { Button } from '../../../components/Button.tsx';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { TextArea } from '../../../components/TextArea.tsx';
import { TextField } from '../../../components/Field.tsx';
import type { ObjectReply } from '../api/objects.ts';
import { useAnnotations, useCreateAnnotation, useDeleteAnnotation, useUpdateAnnotation, type Annotation } from './api.ts';
import { annotationIdsAt, highlight, marksOf, selectionRange, textIndex } from './dom.ts';
import styles from './Annotations.module.css';

/**
 * Annotations in the Read tab (issue 6, item 8): selecting a passage of the
 * note offers "Annoter"; saved annotations are highlights over the text
 * (hover or click one to read its notes, with author and date), and a list
 * under the text gives the same, with edit and delete for their authors. The
 * list and its "Annotate a passage" form (the passage can be typed) make all of
 * it usable from the keyboard. Texts are shown as text, never as HTML.
 */
type Selected = { start: number; end: number; quote: string; top: number; left: number };
type FormState = { quote: string; start: number | null; end: number | null };
type Card = { ids: string[]; top: number; left: number; pinned: boolean };

export const AnnotatedBody = ({ object, children }: { object: ObjectReply; children: ReactNode }) => {
  const { t } = useTranslation();
  const enabled = object.type === 'Note' && object.status === 'active';
  const list = useAnnotations(object._id, enabled);
  const annotations = useMemo(() => list.data ?? [], [list.data]);
  const host = useRef<HTMLDivElement | null>(null);
  const body = useRef<HTMLDivElement | null>(null);
  /** The body shown: highlights are anchored again when it changes. */
  const noteBody = noteBodyOf(object);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [form, setForm] = useState<FormState | null>(null);
  const [card, setCard] = useState<Card | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const [anchored, setAnchored] = useState<Set<string>>(new Set());
  const hideTimer = useRef<number | null>(null);
  const headingId = useId();

  // Highlights: re-anchored against the text shown (the body rendered by DocView, whose effect ran first).
  useEffect(() => {
    const root = body.current;
    if (!root || !enabled) return;
    const { text } = textIndex(root);
    const found = annotations.flatMap((a) => {
      const ranges = anchorAnnotation(text, a.anchor ?? a.ranges, a.quote);
      return ranges ? [{ id: a._id, ranges, className: a.permission === 'private' ? (styles.privateMark ?? '') : '' }] : [];
    });
    // The passage being annotated stays visible while the form is open.
    const pending =
      form && form.start !== null && form.end !== null
        ? [{ id: 'pending', ranges: [{ start: form.start, end: form.end }], className: styles.pendingMark ?? '' }]
        : [];
    highlight(root, [...found, ...pending], styles.mark ?? '');
    setAnchored(new Set(found.map((f) => f.id)));
  }, [annotations, enabled, noteBody, form]);

  // The annotation chosen in the list (or the card) shows stronger.
  useEffect(() => {
    const root = body.current;
    if (!root) return;
    root.querySelectorAll(`.${styles.activeMark}`).forEach((mark) => mark.classList.remove(styles.activeMark ?? ''));
    if (active) marksOf(root, active).forEach((mark) => mark.classList.add(styles.activeMark ?? ''));
  }, [active, annotations, anchored]);

  // A selection inside the body offers "Annoter" just under it.
  useEffect(() => {
    if (!enabled) return undefined;
    const onChange = () => {
      const root = body.current;
      const frame = host.current;
      if (!root || !frame) return;
      const selection = document.getSelection();
      const found = selectionRange(root, selection);
      if (!found || !selection) {
        setSelected(null);
        return;
      }
      const rect = selection.getRangeAt(0).getBoundingClientRect();
      const base = frame.getBoundingClientRect();
      setSelected({ ...found, top: rect.bottom - base.top + 6, left: Math.max(0, rect.left - base.left) });
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [enabled]);

  const openForm = useCallback((state: FormState) => {
    setCard(null);
    setForm(state);
  }, []);

  const cancelHide = () => {
    if (hideTimer.current !== null) window.clearTimeout(hideTimer.current);
    hideTimer.current = null;
  };
  const showCard = (target: EventTarget | null, pinned: boolean) => {
    const ids = annotationIdsAt(target);
    const frame = host.current;
    if (ids.length === 0 || !frame || !(target instanceof Node)) return;
    const mark = (target instanceof Element ? target : target.parentElement)?.closest('mark');
    if (!mark) return;
    const rect = mark.getBoundingClientRect();
    const base = frame.getBoundingClientRect();
    cancelHide();
    setCard((current) =>
      current?.pinned && !pinned ? current : { ids, pinned, top: rect.bottom - base.top + 4, left: Math.max(0, rect.left - base.left) },
    );
    setActive(ids[0] ?? null);
  };
  const hideSoon = () => {
    cancelHide();
    hideTimer.current = window.setTimeout(() => {
      setCard((current) => (current?.pinned ? current : null));
    }, 250);
  };
  useEffect(() => () => cancelHide(), []);
  // Escape closes the card wherever the focus is; a card opened by a click takes the focus (its Close button).
  const cardElement = useRef<HTMLDivElement | null>(null);
  const pinned = card?.pinned === true;
  const cardOpen = card !== null;
  useEffect(() => {
    if (!cardOpen) return undefined;
    // Captured and marked used: the note window around it must not close with the card (issue 25 §2).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setCard(null);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [cardOpen]);
  useEffect(() => {
    if (pinned) cardElement.current?.querySelector<HTMLButtonElement>('[data-testid="annotation-card-close"]')?.focus();
  }, [pinned]);

  if (!enabled) return <>{children}</>;

  const byId = new Map(annotations.map((a) => [a._id, a]));
  const cardItems = card ? card.ids.map((id) => byId.get(id)).filter((a): a is Annotation => a !== undefined) : [];

  const showInText = (id: string) => {
    setActive(id);
    const root = body.current;
    const first = root ? marksOf(root, id)[0] : undefined;
    first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  return (
    <div className={styles.frame} ref={host}>
      <div
        ref={body}
        className={styles.body}
        data-testid="annotated-body"
        onMouseOver={(event) => {
          if (annotationIdsAt(event.target).length > 0) showCard(event.target, false);
        }}
        onMouseOut={(event) => {
          if (annotationIdsAt(event.target).length > 0) hideSoon();
        }}
        onClick={(event) => {
          if (annotationIdsAt(event.target).length > 0 && document.getSelection()?.isCollapsed !== false) showCard(event.target, true);
        }}
      >
        {children}
      </div>
      {selected && !form && (
        <button
          type="button"
          className={styles.annotateButton}
          style={{ top: selected.top, left: `min(${selected.left}px, max(0px, calc(100% - 9rem)))` }}
          data-testid="annotate-selection"
          // Keep the selection while pressing the button.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => openForm({ quote: selected.quote, start: selected.start, end: selected.end })}
        >
          {t('annotations.annotate')}
        </button>
      )}
      {card && cardItems.length > 0 && (
        <div
          ref={cardElement}
          className={styles.card}
          // Kept inside the frame whatever its width now.
          style={{ top: card.top, left: `min(${card.left}px, max(0px, calc(100% - 20rem)))` }}
          role="group"
          aria-label={t('annotations.cardLabel')}
          data-testid="annotation-card"
          onMouseEnter={cancelHide}
          onMouseLeave={hideSoon}
        >
          {cardItems.map((a) => (
            <AnnotationItem key={a._id} annotation={a} noteId={object._id} anchored={anchored.has(a._id)} compact />
          ))}
          {card.pinned && (
            <Button variant="ghost" className={styles.close} onClick={() => setCard(null)} data-testid="annotation-card-close">
              {t('annotations.close')}
            </Button>
          )}
        </div>
      )}
      {form && (
        <AnnotationForm
          key={`${form.start ?? ''}-${form.end ?? ''}-${form.quote}`}
          communityId={object.communityId}
          noteId={object._id}
          initial={form}
          textOf={() => (body.current ? textIndex(body.current).text : '')}
          onDone={(id) => {
            setForm(null);
            setSelected(null);
            document.getSelection()?.removeAllRanges();
            if (id) setActive(id);
          }}
        />
      )}
      <section className={styles.list} aria-labelledby={headingId} data-testid="annotations">
        <div className={styles.listHead}>
          <h3 id={headingId} className={styles.heading}>
            {t('annotations.heading', { count: annotations.length })}
          </h3>
          {!form && (
            <Button
              variant="secondary"
              onClick={() =>
                openForm(
                  selected ? { quote: selected.quote, start: selected.start, end: selected.end } : { quote: '', start: null, end: null },
                )
              }
              data-testid="annotate-passage"
            >
              {t('annotations.annotatePassage')}
            </Button>
          )}
        </div>
        {list.isError && (
          <p className={styles.error} role="alert">
            {serverMessage(list.error) ?? t('annotations.loadFailed')}
          </p>
        )}
        {annotations.length === 0 && !list.isPending && !list.isError && <p className={styles.muted}>{t('annotations.none')}</p>}
        {annotations.length > 0 && (
          <ul className={styles.items}>
            {annotations.map((a) => (
              <li
                key={a._id}
                className={active === a._id ? `${styles.item} ${styles.activeItem}` : styles.item}
                data-testid="annotation-item"
                data-annotation-id={a._id}
              >
                <AnnotationItem annotation={a} noteId={object._id} anchored={anchored.has(a._id)} onShow={() => showInText(a._id)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
};

/** One annotation: its passage, text, author and date; edit and delete for those who may. */
const AnnotationItem = ({
  annotation,
  noteId,
  anchored,
  compact = false,
  onShow,
}: {
  annotation: Annotation;
  noteId: string;
  anchored: boolean;
  compact?: boolean;
  onShow?: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.replace('_', '-');
  const [editing, setEditing] = useState(false);
  const remove = useDeleteAnnotation(noteId);
  const names = annotation.authorNames.map((a) => a.name || a.userName).join(', ');
  const date = new Date(annotation.created).toLocaleString(locale);
  return (
    <article className={styles.annotation} data-testid="annotation" data-annotation-id={annotation._id}>
      <p className={styles.byline}>
        <span className={styles.author} data-testid="annotation-author">
          {names}
        </span>
        <span>{date}</span>
        {annotation.modified !== annotation.created && (
          <span>{t('annotations.edited', { date: new Date(annotation.modified).toLocaleString(locale) })}</span>
        )}
        {annotation.permission === 'private' && (
          <span className={styles.badge} data-testid="annotation-private">
            {t('annotations.privateBadge')}
          </span>
        )}
      </p>
      {!compact && (
        <p className={styles.quote}>
          {onShow && anchored ? (
            <button
              type="button"
              className={styles.quoteButton}
              onClick={onShow}
              title={t('annotations.showInText')}
              data-testid="annotation-show"
            >
              « {annotation.quote} »
            </button>
          ) : (
            <span>« {annotation.quote} »</span>
          )}
        </p>
      )}
      {!anchored && <p className={styles.muted}>{t('annotations.orphan')}</p>}
      {editing ? (
        <EditForm annotation={annotation} noteId={noteId} onDone={() => setEditing(false)} />
      ) : (
        <p className={styles.text} data-testid="annotation-text">
          {annotation.text}
        </p>
      )}
      {annotation.editable && !editing && (
        <div className={styles.actions}>
          <Button variant="ghost" onClick={() => setEditing(true)} data-testid="annotation-edit">
            {t('annotations.edit')}
          </Button>
          <Button
            variant="ghost"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(t('annotations.deleteConfirm'))) remove.mutate(annotation._id);
            }}
            data-testid="annotation-delete"
          >
            {t('annotations.delete')}
          </Button>
        </div>
      )}
      {remove.isError && (
        <p className={styles.error} role="alert">
          {serverMessage(remove.error) ?? t('annotations.saveFailed')}
        </p>
      )}
    </article>
  );
};

/** A new annotation: the passage (from the selection, or typed), the text, private or not. */
const AnnotationForm = ({
  communityId,
  noteId,
  initial,
  textOf,
  onDone,
}: {
  communityId: string;
  noteId: string;
  initial: FormState;
  textOf: () => string;
  onDone: (createdId: string | null) => void;
}) => {
  const { t } = useTranslation();
  const create = useCreateAnnotation(communityId, noteId);
  const [quote, setQuote] = useState(initial.quote);
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [errors, setErrors] = useState<{ quote?: string; text?: string; form?: string }>({});
  const formRef = useRef<HTMLFormElement | null>(null);
  // The form opens on request: its first field to fill takes the focus.
  useEffect(() => {
    (initial.quote ? formRef.current?.querySelector('textarea') : formRef.current?.querySelector('input'))?.focus();
  }, [initial.quote]);

  const submit = () => {
    const passage =
      quote === initial.quote && initial.start !== null && initial.end !== null ? { start: initial.start, end: initial.end } : null;
    const wanted = quote.trim();
    const next: typeof errors = {};
    let ranges = passage ? [passage] : null;
    if (!wanted) next.quote = t('annotations.passageRequired');
    else if (!ranges) {
      ranges = anchorAnnotation(textOf(), [], wanted);
      if (!ranges) next.quote = t('annotations.passageNotFound');
    }
    if (!text.trim()) next.text = t('annotations.textRequired');
    setErrors(next);
    if (next.quote || next.text || !ranges) return;
    create.mutate(
      { ranges, quote: passage ? quote : wanted, text, permission: isPrivate ? 'private' : 'protected' },
      {
        onSuccess: (created) => onDone(created._id),
        onError: (error) => setErrors({ form: serverMessage(error) ?? t('annotations.saveFailed') }),
      },
    );
  };

  return (
    <form
      className={styles.form}
      ref={formRef}
      data-testid="annotation-form"
      aria-label={t('annotations.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDone(null);
        }
      }}
    >
      <TextField
        label={t('annotations.passage')}
        hint={t('annotations.passageHint')}
        name="annotation-quote"
        value={quote}
        error={errors.quote}
        onChange={(event) => setQuote(event.target.value)}
      />
      <TextArea
        label={t('annotations.text')}
        name="annotation-text"
        value={text}
        rows={3}
        error={errors.text}
        onChange={(event) => setText(event.target.value)}
      />
      <Checkbox
        label={t('annotations.private')}
        hint={t('annotations.privateHint')}
        checked={isPrivate}
        onChange={(event) => setPrivate(event.target.checked)}
        name="annotation-private"
      />
      {errors.form && (
        <p className={styles.error} role="alert">
          {errors.form}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={create.isPending} data-testid="annotation-save">
          {t('annotations.save')}
        </Button>
        <Button variant="secondary" onClick={() => onDone(null)}>
          {t('annotations.cancel')}
        </Button>
      </div>
    </form>
  );
};

/** Changing an annotation's text or visibility. */
const EditForm = ({ annotation, noteId, onDone }: { annotation: Annotation; noteId: string; onDone: () => void }) => {
  const { t } = useTranslation();
  const update = useUpdateAnnotation(noteId);
  const [text, setText] = useState(annotation.text);
  const [isPrivate, setPrivate] = useState(annotation.permission === 'private');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className={styles.form}
      data-testid="annotation-edit-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) {
          setError(t('annotations.textRequired'));
          return;
        }
        update.mutate(
          { id: annotation._id, body: { text, permission: isPrivate ? 'private' : 'protected' } },
          { onSuccess: onDone, onError: (failure) => setError(serverMessage(failure) ?? t('annotations.saveFailed')) },
        );
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDone();
        }
      }}
    >
      <TextArea
        label={t('annotations.text')}
        name="annotation-edit-text"
        value={text}
        rows={3}
        error={error ?? undefined}
        onChange={(event) => setText(event.target.value)}
        autoFocus
      />
      <Checkbox
        label={t('annotations.private')}
        hint={t('annotations.privateHint')}
        checked={isPrivate}
        onChange={(event) => setPrivate(event.target.checked)}
        name="annotation-edit-private"
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={update.isPending} data-testid="annotation-edit-save">
          {t('annotations.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('annotations.cancel')}
        </Button>
      </div>
    </form>
  );
};
