import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { commentsMaxLength } from '../../../../../contracts/api/objects.ts';
import { Button } from '../../../components/Button.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { saveComments } from '../api/more.ts';
import styles from './Search.module.css';

/**
 * The search table's comment cell (spec part 2 §Search: "comments editable
 * by managers"; student mode read-only): a manager edits and saves it
 * (PUT …/savecomments); a pupil reads it as text. The server refuses a
 * pupil's write whatever this cell shows.
 */
export const CommentCell = ({
  communityId,
  result,
  editable,
  onSaved,
}: {
  communityId: string;
  result: { _id: string; title: string; comments?: string };
  editable: boolean;
  onSaved: (id: string, comments: string, message: string) => void;
}) => {
  const { t } = useTranslation();
  const fieldId = useId();
  const stored = result.comments ?? '';
  const [text, setText] = useState(stored);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title = result.title || t('search.untitled');

  if (!editable) {
    return stored ? (
      <p className={styles.comment} data-testid="search-comment" aria-label={t('searchMore.comments.readOnly')}>
        {stored}
      </p>
    ) : (
      <span className={styles.muted} data-testid="search-comment-none">
        {t('searchMore.comments.none')}
      </span>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const reply = await saveComments(communityId, result._id, text);
      setText(reply.comments);
      onSaved(result._id, reply.comments, t('searchMore.comments.saved', { title }));
    } catch (failure) {
      setError(t('searchMore.comments.failed', { reason: serverMessage(failure) ?? t('search.status.error') }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.commentForm} onSubmit={(event) => void submit(event)} data-testid="search-comment-form">
      <label htmlFor={fieldId} className={styles.srOnly}>
        {t('searchMore.comments.label', { title })}
      </label>
      <textarea
        id={fieldId}
        className={styles.commentInput}
        value={text}
        maxLength={commentsMaxLength}
        rows={2}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        data-testid="search-comment-input"
      />
      {error && (
        <span id={`${fieldId}-error`} className={styles.error} role="alert">
          {error}
        </span>
      )}
      <Button type="submit" variant="secondary" aria-busy={busy} disabled={text === stored} data-testid="search-comment-save">
        {t('searchMore.comments.save')}
      </Button>
    </form>
  );
};
