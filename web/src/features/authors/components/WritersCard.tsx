import { ChevronLeft, ChevronRight, Download, Pencil, Search, ShieldPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Author } from '../../../../../contracts/api/communities.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Card } from '../../../components/Page.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import {
  authorPageSize,
  fetchAllWriters,
  useAuthorPassword,
  useChangeRole,
  useRenameAll,
  useWriterCount,
  useWriterSearch,
} from '../api/authors.ts';
import { downloadText } from '../../../lib/download.ts';
import { writersCsv } from '../csv.ts';
import layout from '../../../styles/layout.module.css';
import styles from './Authors.module.css';
import { messageText } from '../../../lib/messages.ts';

type Outcome = { ok: boolean; text: string } | null;

/** One author's password reset: 'succeeded.' or the server's refusal. */
const PasswordReset = ({ communityId, author }: { communityId: string; author: Author }) => {
  const { t } = useTranslation();
  const reset = useAuthorPassword(communityId);
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const inputId = `pw-${useId().replace(/:/g, '')}`;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    try {
      const reply = await reset.mutateAsync({ authorId: author._id, password });
      setPassword('');
      setOutcome({ ok: true, text: messageText(reply) });
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t('common.genericError') });
    }
  };

  return (
    <form className={styles.reset} onSubmit={(event) => void handleSubmit(event)} data-testid={`reset-${author.userName}`}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('authors.newPasswordFor', { userName: author.userName })}
      </label>
      <input
        id={inputId}
        type="password"
        autoComplete="new-password"
        placeholder={t('authors.newPassword')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={!password || reset.isPending}>
        {t('authors.reset')}
      </Button>
      {outcome && (
        <span role={outcome.ok ? 'status' : 'alert'} className={`${styles.result} ${outcome.ok ? layout.ok : layout.failed}`}>
          {outcome.text}
        </span>
      )}
    </form>
  );
};

/** Writers: search with pages of 50, password reset, promote, inline rename, CSV download. */
export const WritersCard = ({ communityId }: { communityId: string }) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const writers = useWriterSearch(communityId, filter, page);
  const count = useWriterCount(communityId, filter);
  const changeRole = useChangeRole(communityId);
  const renameAll = useRenameAll(communityId);
  const [renaming, setRenaming] = useState(false);
  const [names, setNames] = useState<Record<string, { FirstName: string; LastName: string }>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [downloading, setDownloading] = useState(false);
  const countId = `writers-${useId().replace(/:/g, '')}`;

  const total = count.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / authorPageSize));

  const handleSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilter(draft.trim());
    setPage(1);
  };

  const handlePromote = async (author: Author) => {
    setOutcome(null);
    try {
      await changeRole.mutateAsync({ authorId: author._id, role: 'manager' });
      setOutcome({ ok: true, text: t('authors.promoted', { name: author.userName }) });
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t('common.genericError') });
    }
  };

  const startRename = () => {
    setNames(Object.fromEntries((writers.data ?? []).map((a) => [a._id, { FirstName: a.firstName, LastName: a.lastName }])));
    setOutcome(null);
    setRenaming(true);
  };

  const handleSaveNames = async () => {
    setOutcome(null);
    const changed = Object.fromEntries(
      Object.entries(names).filter(([id, value]) => {
        const author = writers.data?.find((a) => a._id === id);
        return author && (author.firstName !== value.FirstName || author.lastName !== value.LastName);
      }),
    );
    try {
      const reply = await renameAll.mutateAsync(changed);
      setRenaming(false);
      setOutcome({ ok: true, text: t('authors.renamed', { count: reply.recordsModified }) });
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t('common.genericError') });
    }
  };

  const handleDownload = async () => {
    setDownloading(true);
    setOutcome(null);
    try {
      downloadText('writers.csv', writersCsv(await fetchAllWriters(communityId)));
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t('common.genericError') });
    } finally {
      setDownloading(false);
    }
  };

  const setName = (id: string, field: 'FirstName' | 'LastName', value: string) =>
    setNames((current) => ({ ...current, [id]: { FirstName: '', LastName: '', ...current[id], [field]: value } }));

  return (
    <Card title={t('authors.writersTitle')} className={layout.wide}>
      <form className={layout.toolbar} role="search" onSubmit={handleSearch}>
        <TextField
          name="writer-filter"
          type="search"
          label={t('authors.filter')}
          placeholder={t('authors.filterHint')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit">
          <Search size={18} aria-hidden="true" />
          {t('authors.search')}
        </Button>
        <Button variant="secondary" onClick={() => void handleDownload()} disabled={downloading} data-testid="download-writers">
          <Download size={18} aria-hidden="true" />
          {t('authors.download')}
        </Button>
      </form>
      {count.data && (
        <p className={layout.muted} id={countId} data-testid="writer-count">
          {t('authors.count', { count: total })}
        </p>
      )}
      {writers.isError && <Alert tone="error">{serverMessage(writers.error) ?? t('common.genericError')}</Alert>}
      {writers.data && writers.data.length === 0 && <p className={layout.muted}>{t('authors.noWriters')}</p>}
      {writers.data && writers.data.length > 0 && (
        <div className={layout.tableWrap} tabIndex={0} role="region" aria-labelledby={countId}>
          <table className={styles.table} data-testid="writers-table">
            <thead>
              <tr>
                <th scope="col">{t('authors.colUser')}</th>
                <th scope="col">{t('authors.colEmail')}</th>
                <th scope="col">{t('authors.colStatus')}</th>
                <th scope="col">{t('authors.colPassword')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('authors.colActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {writers.data.map((author) => (
                <tr key={author._id} data-user={author.userName}>
                  <td>
                    <div className={layout.strong}>{author.userName}</div>
                    {renaming ? (
                      <div className={styles.renameInputs}>
                        <input
                          aria-label={t('authors.firstNameOf', { userName: author.userName })}
                          value={names[author._id]?.FirstName ?? ''}
                          onChange={(event) => setName(author._id, 'FirstName', event.target.value)}
                        />
                        <input
                          aria-label={t('authors.lastNameOf', { userName: author.userName })}
                          value={names[author._id]?.LastName ?? ''}
                          onChange={(event) => setName(author._id, 'LastName', event.target.value)}
                        />
                      </div>
                    ) : (
                      <div className={layout.muted}>{`${author.firstName} ${author.lastName}`}</div>
                    )}
                  </td>
                  <td data-label={t('authors.colEmail')}>{author.email}</td>
                  <td data-label={t('authors.colStatus')}>
                    <span className={`${styles.badge} ${author.blockLogin ? styles.badgeBlocked : ''}`}>
                      {author.blockLogin ? t('authors.statusBlocked') : t('authors.statusActive')}
                    </span>
                  </td>
                  <td data-label={t('authors.colPassword')}>
                    <PasswordReset communityId={communityId} author={author} />
                  </td>
                  <td>
                    <Button
                      variant="ghost"
                      aria-label={t('authors.promoteOf', { name: author.userName })}
                      onClick={() => void handlePromote(author)}
                      disabled={changeRole.isPending}
                    >
                      <ShieldPlus size={18} aria-hidden="true" />
                      <span className={styles.hideNarrow}>{t('authors.promote')}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={styles.footer}>
        {pages > 1 ? (
          <nav className={styles.pager} aria-label={t('authors.pagination')}>
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} aria-label={t('authors.previous')}>
              <ChevronLeft size={18} aria-hidden="true" />
            </Button>
            <span data-testid="writer-page">{t('authors.pageOf', { page, pages })}</span>
            <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)} aria-label={t('authors.next')}>
              <ChevronRight size={18} aria-hidden="true" />
            </Button>
          </nav>
        ) : (
          <span />
        )}
        {writers.data && writers.data.length > 0 && (
          <div className={layout.actions}>
            {renaming ? (
              <>
                <Button onClick={() => void handleSaveNames()} disabled={renameAll.isPending} data-testid="save-names">
                  {t('authors.saveNames')}
                </Button>
                <Button variant="secondary" onClick={() => setRenaming(false)}>
                  {t('authors.cancel')}
                </Button>
              </>
            ) : (
              <Button variant="secondary" onClick={startRename} data-testid="rename-mode">
                <Pencil size={18} aria-hidden="true" />
                {t('authors.editNames')}
              </Button>
            )}
          </div>
        )}
      </div>
      {outcome && (
        <Alert tone={outcome.ok ? 'success' : 'error'} testId="writers-result">
          {outcome.text}
        </Alert>
      )}
    </Card>
  );
};
