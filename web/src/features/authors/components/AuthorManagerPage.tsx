import { Settings, ShieldCheck, UserMinus, UsersRound } from 'lucide-react';
import { usePersonNames } from '../../../lib/personNames.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { BlockWritersCard } from '../../../components/BlockWritersCard.tsx';
import { OutcomeAlert, type Outcome } from '../../../components/Outcome.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { Card, Page } from '../../../components/Page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCommunityAuthors } from '../../../lib/community.ts';
import { useBlockWriters, useChangeRole, useManagers } from '../api/authors.ts';
import { serverMessage } from '../../../components/serverMessage.ts';
import layout from '../../../styles/layout.module.css';
import styles from './Authors.module.css';
import { CsvImportCard } from './CsvImportCard.tsx';
import { CsvRenameCard } from './CsvRenameCard.tsx';
import { WritersCard } from './WritersCard.tsx';
import { messageText } from '../../../lib/messages.ts';

/** Managers, with add (from the writers) and remove, and the spec's messages. */
const ManagersCard = ({ communityId }: { communityId: string }) => {
  const { t } = useTranslation();
  const managers = useManagers(communityId);
  const authors = useCommunityAuthors(communityId);
  const changeRole = useChangeRole(communityId);
  const names = usePersonNames(communityId);
  const [selected, setSelected] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
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
      setOutcome({ ok: false, text: messageText('community.noAuthorSelected') });
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
                <span className={layout.strong}>{names.name(manager)}</span>
                <span className={layout.muted}>{manager.userName}</span>
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
      <div className={`${layout.inlineForm} ${styles.growFirst}`}>
        <SelectField
          name="add-manager"
          label={t('authors.addManager')}
          value={selected}
          onChange={(event) => setSelected(event.target.value)}
          data-testid="add-manager-select"
        >
          <option value="">{t('authors.chooseAuthor')}</option>
          {writers.map((writer) => (
            <option key={writer._id} value={writer._id}>
              {`${writer.userName} (${names.name(writer)})`}
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" onClick={handleAdd} disabled={changeRole.isPending} data-testid="add-manager">
          {t('authors.promote')}
        </Button>
      </div>
      <OutcomeAlert outcome={outcome} testId="managers-result" />
    </Card>
  );
};

/** Bulk block / unblock of every writer's login, after typing the registration key. */
const BlockCard = ({ communityId }: { communityId: string }) => {
  const block = useBlockWriters(communityId);
  return <BlockWritersCard block={block} textSection="authors" />;
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
      <nav className={layout.actions} aria-label={t('authors.related')}>
        <Link className={buttonClass('secondary')} to={`/communitysettings/${communityId}`} data-testid="settings-link">
          <Settings size={18} aria-hidden="true" />
          {t('authors.settingsLink')}
        </Link>
        <Link className={buttonClass('secondary')} to={`/groupmanager/${communityId}`}>
          <UsersRound size={18} aria-hidden="true" />
          {t('authors.groupsLink')}
        </Link>
      </nav>
      <div className={layout.cardGrid}>
        <ManagersCard communityId={communityId} />
        <BlockCard communityId={communityId} />
        <WritersCard communityId={communityId} />
        <CsvImportCard communityId={communityId} />
        <CsvRenameCard communityId={communityId} />
      </div>
    </Page>
  );
};
