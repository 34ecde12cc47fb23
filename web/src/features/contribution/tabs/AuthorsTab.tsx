import { UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { usePersonNames } from '../../../lib/personNames.ts';
import { useCommunityAuthors } from '../../../lib/community.ts';
import { useAddCoauthor, useRemoveCoauthor, type ObjectReply } from '../api/objects.ts';
import styles from './Tabs.module.css';
import { authorLabel } from '../labels.ts';

/** Co-authors: the first is the primary author and cannot be removed; only authors and managers change them. */
export const AuthorsTab = ({ object }: { object: ObjectReply }) => {
  const { t } = useTranslation();
  const all = useCommunityAuthors(object.communityId, object.owned);
  const names = usePersonNames(object.communityId);
  const add = useAddCoauthor(object.communityId, object._id);
  const remove = useRemoveCoauthor(object.communityId, object._id);
  const [choice, setChoice] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const onAdd = () => {
    if (!choice) return;
    if (object.authors.includes(choice)) {
      setMessage(t('contribution.spec.alreadyIncluded'));
      return;
    }
    setMessage(null);
    add.mutate(choice, { onError: (e) => setMessage(serverMessage(e) ?? String(e)), onSuccess: () => setChoice('') });
  };
  const onRemove = (authorId: string) => {
    if (object.authors[0] === authorId) {
      setMessage(t('contribution.spec.primaryAuthor'));
      return;
    }
    setMessage(null);
    remove.mutate(authorId, { onError: (e) => setMessage(serverMessage(e) ?? String(e)) });
  };

  return (
    <div className={styles.tab} data-testid="authors-tab">
      <ul className={styles.rows}>
        {object.authorNames.map((author, index) => (
          <li key={author._id} className={styles.row} data-testid="author-row">
            <span>
              <strong>{authorLabel(t, author) || author.userName}</strong>
              {!names.hideUserName && author.name && !author.missing && <span className={styles.muted}> {author.userName}</span>}
              {index === 0 && <span className={styles.badge}>{t('contribution.authors.primary')}</span>}
            </span>
            {object.owned && (
              <Button
                variant="ghost"
                onClick={() => onRemove(author._id)}
                aria-label={t('contribution.authors.remove', { name: authorLabel(t, author) })}
                data-testid="author-remove"
              >
                <UserMinus size={18} aria-hidden="true" />
              </Button>
            )}
          </li>
        ))}
      </ul>
      {!object.owned && object.editable && (
        // A classmate who may edit the text is told why the authors cannot be changed here (issue 20 §3).
        <p className={styles.muted} data-testid="authors-owners-only">
          {t('contribution.authors.ownersOnly')}
        </p>
      )}
      {object.owned && (
        <div className={styles.inline}>
          <label className={styles.selectLabel}>
            {t('contribution.authors.add')}
            <select value={choice} onChange={(e) => setChoice(e.target.value)} data-testid="author-choice">
              <option value="">—</option>
              {(all.data ?? []).slice(0, 80).map((a) => (
                <option key={a._id} value={a._id}>
                  {names.choice(a)}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" onClick={onAdd} disabled={!choice || add.isPending} data-testid="author-add">
            <UserPlus size={18} aria-hidden="true" />
            {t('contribution.authors.addButton')}
          </Button>
        </div>
      )}
      {message && (
        <Alert tone="error" testId="authors-message">
          {message}
        </Alert>
      )}
    </div>
  );
};
