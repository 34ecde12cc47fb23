import { Lock, LockOpen, Settings, ShieldCheck, UserMinus, UsersRound } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CommunityMessages } from '../../../../../contracts/messages.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Card, Page } from '../../../components/Page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAuthors, useBlockWriters, useChangeRole, useManagers } from '../api/authors.ts';
import { serverMessage } from '../../../components/serverMessage.ts';
import styles from './Authors.module.css';
import { CsvImportCard } from './CsvImportCard.tsx';
import { CsvRenameCard } from './CsvRenameCard.tsx';
import { WritersCard } from './WritersCard.tsx';

type Outcome = { ok: boolean; text: string } | null;

/** Managers, with add (from the writers) and remove, and the spec's messages. */
const ManagersCard = ({ communityId }: { communityId: string }) => {
  const { t } = useTranslation();
  const managers = useManagers(communityId);
  const authors = useAuthors(communityId);
  const changeRole = useChangeRole(communityId);
  const [selected, setSelected] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const selectId = `add-manager-${useId().replace(/:/g, '')}`;
  const writers = useMemo(
    () => (authors.data ?? []).filter((a) => a.role === 'writer').sort((a, b) => a.userName.localeCompare(b.userName)),
    [authors.data],
  );

  const run = async (authorId: string, role: 'manager' | 'writer', name: string) => {
    setOutcome(null);
    try {
      await changeRole.mutateAsync({ authorId, role });
      setSelected('');
      setOutcome({ ok: true, text: role === 'manager' ? t('authors.promoted', { name }) : t('authors.demoted', { name }) });
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t('common.genericError') });
    }
  };

  const handleAdd = () => {
    const author = writers.find((a) => a._id === selected);
    if (!author) {
      setOutcome({ ok: false, text: CommunityMessages.noAuthorSelected });
      return;
    }
    void run(author._id, 'manager', author.userName);
  };

  return (
    <Card title={t('authors.managersTitle')}>
      {managers.isPending && <p role="status">{t('common.loading')}</p>}
      {managers.data && (
        <ul className={styles.people} data-testid="managers">
          {managers.data.map((manager) => (
            <li key={manager._id} className={styles.person} data-user={manager.userName}>
              <ShieldCheck size={18} aria-hidden="true" className={styles.personIcon} />
              <span className={styles.personText}>
                <span className={styles.strong}>{`${manager.firstName} ${manager.lastName}`.trim() || manager.userName}</span>
                <span className={styles.muted}>{manager.userName}</span>
              </span>
              <Button
                variant="ghost"
                aria-label={t('authors.demoteOf', { name: manager.userName })}
                disabled={changeRole.isPending}
                onClick={() => void run(manager._id, 'writer', manager.userName)}
                data-testid="demote"
              >
                <UserMinus size={18} aria-hidden="true" />
                <span className={styles.hideNarrow}>{t('authors.demote')}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.inlineForm}>
        <div className={styles.field}>
          <label htmlFor={selectId} className={styles.label}>
            {t('authors.addManager')}
          </label>
          <select
            id={selectId}
            className={styles.select}
            value={selected}
            onChange={(event) => setSelected(event.target.value)}
            data-testid="add-manager-select"
          >
            <option value="">{t('authors.chooseAuthor')}</option>
            {writers.map((writer) => (
              <option key={writer._id} value={writer._id}>
                {`${writer.userName} (${writer.firstName} ${writer.lastName})`}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" onClick={handleAdd} disabled={changeRole.isPending} data-testid="add-manager">
          {t('authors.promote')}
        </Button>
      </div>
      {outcome && (
        <Alert tone={outcome.ok ? 'success' : 'error'} testId="managers-result">
          {outcome.text}
        </Alert>
      )}
    </Card>
  );
};

/** Bulk block / unblock of every writer's login, after typing the registration key. */
const BlockCard = ({ communityId }: { communityId: string }) => {
  const { t } = useTranslation();
  const block = useBlockWriters(communityId);
  const [key, setKey] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);

  const run = async (blocked: boolean) => {
    setOutcome(null);
    try {
      const reply = await block.mutateAsync({ registrationKey: key, block: blocked });
      setOutcome({
        ok: true,
        text: blocked ? t('authors.blocked', { count: reply.modified }) : t('authors.unblocked', { count: reply.modified }),
      });
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t('common.genericError') });
    }
  };

  return (
    <Card title={t('authors.blockTitle')}>
      <p className={styles.muted}>{t('authors.blockHint')}</p>
      <TextField
        name="block-key"
        label={t('authors.typeKey')}
        autoComplete="off"
        value={key}
        onChange={(event) => setKey(event.target.value)}
      />
      <div className={styles.actions}>
        <Button variant="secondary" disabled={block.isPending} onClick={() => void run(true)} data-testid="block-writers">
          <Lock size={18} aria-hidden="true" />
          {t('authors.block')}
        </Button>
        <Button variant="secondary" disabled={block.isPending} onClick={() => void run(false)} data-testid="unblock-writers">
          <LockOpen size={18} aria-hidden="true" />
          {t('authors.unblock')}
        </Button>
      </div>
      {outcome && (
        <Alert tone={outcome.ok ? 'success' : 'error'} testId="block-result">
          {outcome.text}
        </Alert>
      )}
    </Card>
  );
};

/** `/authormanager/{communityId}` (managers and admins). */
export const AuthorManagerPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const managers = useManagers(communityId);

  if (managers.error instanceof ApiError && (managers.error.status === 403 || managers.error.status === 404)) {
    return (
      <Page title={t('authors.title')}>
        <Alert tone="error" testId="authors-forbidden">
          {managers.error.message}
        </Alert>
      </Page>
    );
  }

  return (
    <Page title={t('authors.title')} subtitle={t('authors.intro')}>
      <nav className={styles.links} aria-label={t('authors.related')}>
        <Link className={buttonClass('secondary')} to={`/communitysettings/${communityId}`} data-testid="settings-link">
          <Settings size={18} aria-hidden="true" />
          {t('authors.settingsLink')}
        </Link>
        <Link className={buttonClass('secondary')} to={`/groupmanager/${communityId}`}>
          <UsersRound size={18} aria-hidden="true" />
          {t('authors.groupsLink')}
        </Link>
      </nav>
      <div className={styles.grid}>
        <ManagersCard communityId={communityId} />
        <BlockCard communityId={communityId} />
        <WritersCard communityId={communityId} />
        <CsvImportCard communityId={communityId} />
        <CsvRenameCard communityId={communityId} />
      </div>
    </Page>
  );
};
