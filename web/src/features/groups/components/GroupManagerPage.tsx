import { Plus, Trash2, UserMinus, UserPlus, UsersRound } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Author, Group } from '../../../../../contracts/api/communities.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/Field.tsx';
import { OutcomeAlert, type Outcome } from '../../../components/Outcome.tsx';
import { Card, Page } from '../../../components/Page.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { useCommunityAuthors, useCommunityGroups } from '../../../lib/community.ts';
import { useAddMember, useCreateGroup, useRemoveGroup, useRemoveMember } from '../api/groups.ts';
import layout from '../../../styles/layout.module.css';
import styles from './Groups.module.css';
import { messageText } from '../../../lib/messages.ts';

const authorName = (author: Author | undefined, fallback: string) =>
  author ? `${author.firstName} ${author.lastName}`.trim() || author.userName : fallback;

/** The group editor: its members, add one from the community's authors, remove one. */
const GroupEditor = ({ communityId, group, authors }: { communityId: string; group: Group; authors: Author[] }) => {
  const { t } = useTranslation();
  const add = useAddMember(communityId);
  const remove = useRemoveMember(communityId);
  const [selected, setSelected] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const byId = useMemo(() => new Map(authors.map((a) => [a._id, a])), [authors]);
  const candidates = authors.filter((a) => !group.members.includes(a._id)).sort((a, b) => a.userName.localeCompare(b.userName));

  const run = async (action: () => Promise<unknown>) => {
    setOutcome(null);
    try {
      await action();
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t('common.genericError') });
    }
  };

  const handleAdd = () => {
    if (!selected) {
      setOutcome({ ok: false, text: messageText('community.noAuthorSelected') });
      return;
    }
    void run(async () => {
      await add.mutateAsync({ groupId: group._id, authorId: selected });
      setSelected('');
    });
  };

  return (
    <Card title={t('groups.editorTitle', { title: group.title })}>
      {group.members.length === 0 ? (
        <p className={layout.muted}>{t('groups.noMembers')}</p>
      ) : (
        <ul className={styles.list} data-testid="group-members">
          {group.members.map((id) => (
            <li key={id} className={styles.row} data-member={byId.get(id)?.userName ?? id}>
              <span className={styles.rowText}>
                <span className={layout.strong}>{authorName(byId.get(id), id)}</span>
                <span className={layout.muted}>{byId.get(id)?.userName}</span>
              </span>
              <Button
                variant="ghost"
                aria-label={t('groups.removeMember', { name: authorName(byId.get(id), id) })}
                disabled={remove.isPending}
                onClick={() => void run(() => remove.mutateAsync({ groupId: group._id, authorId: id }))}
              >
                <UserMinus size={18} aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className={`${layout.inlineForm} ${styles.growFirst}`}>
        <SelectField
          name="member"
          label={t('groups.addMember')}
          value={selected}
          onChange={(event) => setSelected(event.target.value)}
          data-testid="member-select"
        >
          <option value="">{t('groups.chooseAuthor')}</option>
          {candidates.map((a) => (
            <option key={a._id} value={a._id}>
              {`${a.userName} (${a.firstName} ${a.lastName})`}
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" onClick={handleAdd} disabled={add.isPending} data-testid="member-add">
          <UserPlus size={18} aria-hidden="true" />
          {t('groups.add')}
        </Button>
      </div>
      <OutcomeAlert outcome={outcome} />
    </Card>
  );
};

/** `/groupmanager/{communityId}`: list, select, remove and add groups; edit the selected one. */
export const GroupManagerPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const groups = useCommunityGroups(communityId);
  const authors = useCommunityAuthors(communityId);
  const create = useCreateGroup(communityId);
  const removeGroup = useRemoveGroup(communityId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const list = groups.data ?? [];
  const selected = list.find((g) => g._id === selectedId) ?? null;

  const handleCreate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    // The spec ignores an empty title.
    if (!title.trim()) return;
    try {
      const group = await create.mutateAsync(title.trim());
      setTitle('');
      setSelectedId(group._id);
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t('common.genericError') });
    }
  };

  const handleRemove = async (group: Group) => {
    setOutcome(null);
    try {
      await removeGroup.mutateAsync(group._id);
      if (selectedId === group._id) setSelectedId(null);
      setOutcome({ ok: true, text: t('groups.removed', { title: group.title }) });
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t('common.genericError') });
    }
  };

  return (
    <Page title={t('groups.title')} subtitle={t('groups.intro')}>
      {groups.isError && <Alert tone="error">{serverMessage(groups.error) ?? t('common.genericError')}</Alert>}
      <div className={layout.cardGrid}>
        <Card title={t('groups.listTitle')}>
          {groups.isPending && <p role="status">{t('common.loading')}</p>}
          {groups.data && list.length === 0 && <p className={layout.muted}>{t('groups.none')}</p>}
          {list.length > 0 && (
            <ul className={styles.list} data-testid="groups">
              {list.map((group) => (
                <li key={group._id} className={`${styles.row} ${group._id === selectedId ? styles.selected : ''}`} data-group={group.title}>
                  <button
                    type="button"
                    className={styles.selectButton}
                    aria-pressed={group._id === selectedId}
                    onClick={() => setSelectedId(group._id)}
                  >
                    <UsersRound size={18} aria-hidden="true" />
                    <span className={layout.strong}>{group.title}</span>
                    <span className={layout.muted}>{t('groups.memberCount', { count: group.members.length })}</span>
                  </button>
                  <Button
                    variant="ghost"
                    aria-label={t('groups.remove', { title: group.title })}
                    disabled={removeGroup.isPending}
                    onClick={() => void handleRemove(group)}
                    data-testid="group-remove"
                  >
                    <Trash2 size={18} aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <form className={`${layout.inlineForm} ${styles.growFirst}`} onSubmit={(event) => void handleCreate(event)}>
            <TextField name="group-title" label={t('groups.newTitle')} value={title} onChange={(event) => setTitle(event.target.value)} />
            <Button type="submit" disabled={create.isPending} data-testid="group-add">
              <Plus size={18} aria-hidden="true" />
              {t('groups.create')}
            </Button>
          </form>
          <OutcomeAlert outcome={outcome} />
        </Card>
        {selected ? (
          <GroupEditor communityId={communityId} group={selected} authors={authors.data ?? []} />
        ) : (
          <Card>
            <p className={layout.muted}>{t('groups.selectHint')}</p>
          </Card>
        )}
      </div>
    </Page>
  );
};
