import { Microscope, Settings, ShieldCheck, UserMinus, UsersRound } from 'lucide-react';
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
import type { Author } from '../../../../../contracts/api/communities.ts';
import { useBlockWriters, useChangeRole, useManagers } from '../api/authors.ts';
import { serverMessage } from '../../../components/serverMessage.ts';
import layout from '../../../styles/layout.module.css';
import styles from './Authors.module.css';
import { CsvImportCard } from './CsvImportCard.tsx';
import { CsvRenameCard } from './CsvRenameCard.tsx';
import { WritersCard } from './WritersCard.tsx';
import { messageText } from '../../../lib/messages.ts';

/** What differs between the managers' card and the researchers' card: texts and test ids. */
const roleCards = {
  manager: {
    title: 'authors.managersTitle',
    add: 'authors.addManager',
    promote: 'authors.promote',
    removeOf: 'authors.demoteOf',
    named: 'authors.promoted',
    ids: { list: 'managers', remove: 'demote', select: 'add-manager-select', add: 'add-manager', result: 'managers-result' },
  },
  researcher: {
    title: 'authors.researchersTitle',
    add: 'authors.addResearcher',
    promote: 'authors.promoteResearcher',
    removeOf: 'authors.removeResearcherOf',
    named: 'authors.researcherNamed',
    ids: {
      list: 'researchers',
      remove: 'remove-researcher',
      select: 'add-researcher-select',
      add: 'add-researcher',
      result: 'researchers-result',
    },
  },
} as const;

/**
 * The managers (the spec's messages) or the researchers (issue 24 §5: read
 * everything a manager reads, change nothing) of a community: each with a
 * button that makes them a writer again, and a writer chosen to join them.
 */
const RoleCard = ({ communityId, role }: { communityId: string; role: keyof typeof roleCards }) => {
  const { t } = useTranslation();
  const texts = roleCards[role];
  const managers = useManagers(communityId);
  const authors = useCommunityAuthors(communityId);
  const changeRole = useChangeRole(communityId);
  const names = usePersonNames(communityId);
  const [selected, setSelected] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const byUserName = (list: readonly Author[]) => [...list].sort((a, b) => a.userName.localeCompare(b.userName));
  const writers = useMemo(() => byUserName((authors.data ?? []).filter((a) => a.role === 'writer')), [authors.data]);
  const holders = useMemo(
    () => (role === 'manager' ? managers.data : authors.data && byUserName(authors.data.filter((a) => a.role === 'researcher'))),
    [role, managers.data, authors.data],
  );

  const run = async (authorId: string, next: 'manager' | 'researcher' | 'writer', name: string) => {
    setOutcome(null);
    try {
      await changeRole.mutateAsync({ authorId, role: next });
      setSelected('');
      setOutcome({ ok: true, text: next === 'writer' ? t('authors.demoted', { name }) : t(texts.named, { name }) });
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
    void run(author._id, role, author.userName);
  };

  return (
    <Card title={t(texts.title)}>
      {!holders && <p role="status">{t('common.loading')}</p>}
      {holders && (
        <ul className={styles.people} data-testid={texts.ids.list}>
          {holders.map((holder) => (
            <li key={holder._id} className={styles.person} data-user={holder.userName}>
              {role === 'manager' ? (
                <ShieldCheck size={18} aria-hidden="true" className={styles.personIcon} />
              ) : (
                <Microscope size={18} aria-hidden="true" className={styles.personIcon} />
              )}
              <span className={styles.personText}>
                <span className={layout.strong}>{names.name(holder)}</span>
                <span className={layout.muted}>{holder.userName}</span>
              </span>
              <Button
                variant="ghost"
                aria-label={t(texts.removeOf, { name: holder.userName })}
                disabled={changeRole.isPending}
                onClick={() => void run(holder._id, 'writer', holder.userName)}
                data-testid={texts.ids.remove}
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
          name={texts.ids.add}
          label={t(texts.add)}
          value={selected}
          onChange={(event) => setSelected(event.target.value)}
          data-testid={texts.ids.select}
        >
          <option value="">{t('authors.chooseAuthor')}</option>
          {writers.map((writer) => (
            <option key={writer._id} value={writer._id}>
              {`${writer.userName} (${names.name(writer)})`}
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" onClick={handleAdd} disabled={changeRole.isPending} data-testid={texts.ids.add}>
          {t(texts.promote)}
        </Button>
      </div>
      <OutcomeAlert outcome={outcome} testId={texts.ids.result} />
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
        <RoleCard communityId={communityId} role="manager" />
        <RoleCard communityId={communityId} role="researcher" />
        <BlockCard communityId={communityId} />
        <WritersCard communityId={communityId} />
        <CsvImportCard communityId={communityId} />
        <CsvRenameCard communityId={communityId} />
      </div>
    </Page>
  );
};
