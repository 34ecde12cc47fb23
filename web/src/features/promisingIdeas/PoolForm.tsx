import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ViewSummary } from '../../../../contracts/api/communities.ts';
import type { PiPoolReply } from '../../../../contracts/api/promisingIdeas.ts';
import { piPoolTitle } from '../../../../contracts/promisingIdeas.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { TextField } from '../../components/Field.tsx';
import { serverMessage } from '../../components/serverMessage.ts';
import { useCreatePool } from './api.ts';
import { poolProblem } from './model.ts';
import styles from './PromisingIdeas.module.css';

/**
 * "Create a PI Pool note" (spec part 2 §2, §5): a title ("PI Pool" unless
 * renamed) and the views to place it in (those the caller may write in);
 * the spec's refusals are checked here first, then by the server.
 */
export const PoolForm = ({
  communityId,
  ideaIds,
  views,
  defaultViewId,
}: {
  communityId: string;
  ideaIds: readonly string[];
  views: readonly ViewSummary[];
  defaultViewId: string;
}) => {
  const { t } = useTranslation();
  const headingId = useId();
  const [title, setTitle] = useState(piPoolTitle);
  const [viewIds, setViewIds] = useState<string[]>(defaultViewId ? [defaultViewId] : []);
  const [problem, setProblem] = useState<ReturnType<typeof poolProblem>>(null);
  const [done, setDone] = useState<{ reply: PiPoolReply; title: string } | null>(null);
  const create = useCreatePool(communityId);
  const writable = views.filter((view) => view.editable !== false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = poolProblem({ ideaIds, title, viewIds });
    setProblem(found);
    setDone(null);
    if (found) return;
    create.mutate(
      { ideaIds: [...ideaIds], title: title.trim(), viewIds },
      { onSuccess: (reply) => setDone({ reply, title: title.trim() }) },
    );
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="pi-pool">
      <h2 id={headingId}>{t('promisingIdeas.pool.heading')}</h2>
      <p className={styles.muted}>{t('promisingIdeas.pool.hint')}</p>
      <form onSubmit={submit} noValidate className={styles.layout}>
        <p data-testid="pi-pool-count">{t('promisingIdeas.pool.selected', { count: ideaIds.length })}</p>
        <TextField
          name="pi-pool-title"
          label={t('promisingIdeas.pool.title')}
          value={title}
          maxLength={500}
          onChange={(event) => setTitle(event.target.value)}
          error={problem === 'titleEmpty' ? t('promisingIdeas.pool.titleEmpty') : undefined}
          data-testid="pi-pool-title"
        />
        <fieldset className={styles.viewList} data-testid="pi-pool-views">
          <legend>{t('promisingIdeas.pool.views')}</legend>
          {writable.map((view) => (
            <Checkbox
              key={view._id}
              label={view.title}
              checked={viewIds.includes(view._id)}
              onChange={(event) => setViewIds((ids) => (event.target.checked ? [...ids, view._id] : ids.filter((id) => id !== view._id)))}
              data-view-id={view._id}
            />
          ))}
        </fieldset>
        {problem && problem !== 'titleEmpty' && (
          <Alert tone="error" testId="pi-pool-problem">
            {t(`promisingIdeas.pool.${problem}`)}
          </Alert>
        )}
        {create.isError && (
          <Alert tone="error" testId="pi-pool-error">
            {serverMessage(create.error) ?? t('promisingIdeas.pool.failed')}
          </Alert>
        )}
        {done && (
          <p className={styles.success} role="status" data-testid="pi-pool-done">
            {t('promisingIdeas.pool.done', { title: done.title, count: done.reply.refs.length })}{' '}
            <Link to={`/contribution/${encodeURIComponent(done.reply.noteId)}`} data-testid="pi-pool-open">
              {t('promisingIdeas.pool.open')}
            </Link>
          </p>
        )}
        <div>
          <Button type="submit" disabled={create.isPending} data-testid="pi-pool-create">
            {t('promisingIdeas.pool.create')}
          </Button>
        </div>
      </form>
    </section>
  );
};
