import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import styles from '../tabs/Tabs.module.css';
import { useAddToThread, useItmThreads } from './itmApi.ts';

/**
 * The contribution window's Thread tab (issue 18 §7; spec part 1 §2: only when
 * the ITM plugin is on and the type is Note): the ITM threads holding the note
 * and, for those who may edit it, adding it to one of their projects' threads.
 */
export const ThreadTab = ({ communityId, noteId, editable }: { communityId: string; noteId: string; editable: boolean }) => {
  const { t } = useTranslation();
  const threads = useItmThreads(communityId, noteId);
  const add = useAddToThread(communityId, noteId);
  const [choice, setChoice] = useState('');
  const selectId = useId();

  if (threads.isPending) return <p className={styles.muted}>{t('contribution.thread.loading')}</p>;
  if (threads.isError) {
    return (
      <Alert tone="error" testId="thread-error">
        {threads.error.message}
      </Alert>
    );
  }

  const all = threads.data.threads;
  const holding = all.filter((thread) => threads.data.noteThreads.includes(thread.id));
  const addable = all.filter((thread) => !threads.data.noteThreads.includes(thread.id));
  const added = add.data && all.find((thread) => String(thread.id) === String(add.variables));

  return (
    <div className={styles.tab} data-testid="thread-tab">
      <h3>{t('contribution.thread.holding')}</h3>
      {holding.length === 0 ? (
        <p className={styles.muted} data-testid="thread-none">
          {t('contribution.thread.none')}
        </p>
      ) : (
        <ul data-testid="thread-list">
          {holding.map((thread) => (
            <li key={thread.id}>
              {thread.title} <span className={styles.muted}>({thread.projectTitle})</span>
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (choice) add.mutate(Number(choice));
          }}
        >
          <label htmlFor={selectId}>{t('contribution.thread.choose')}</label>{' '}
          {addable.length === 0 ? (
            <span className={styles.muted}>{t('contribution.thread.noMore')}</span>
          ) : (
            <>
              <select id={selectId} value={choice} onChange={(event) => setChoice(event.target.value)} data-testid="thread-choice">
                <option value="">{t('contribution.thread.pick')}</option>
                {addable.map((thread) => (
                  <option key={thread.id} value={thread.id}>
                    {thread.projectTitle} › {thread.title}
                  </option>
                ))}
              </select>{' '}
              <Button type="submit" variant="secondary" disabled={!choice || add.isPending} data-testid="thread-add">
                {t('contribution.thread.add')}
              </Button>
            </>
          )}
        </form>
      )}
      {add.isError && (
        <Alert tone="error" testId="thread-add-error">
          {add.error.message}
        </Alert>
      )}
      {added && (
        <Alert tone="success" testId="thread-added">
          {t('contribution.thread.added', { title: added.title })}
        </Alert>
      )}
    </div>
  );
};
