import { DatabaseZap, Save, Settings, UsersRound, UserCog } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { CommunityAdmin } from '../../../../../contracts/api/communities.ts';
import { Alert } from '../../../components/Alert.tsx';
import { BlockWritersCard } from '../../../components/BlockWritersCard.tsx';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { TextField } from '../../../components/Field.tsx';
import { OutcomeAlert, type Outcome } from '../../../components/Outcome.tsx';
import { Card, Page } from '../../../components/Page.tsx';
import { hasKeys, useBlockWriters, useCommunity, useUpdateAllCache, useUpdateCommunity } from '../api/communities.ts';
import { serverMessage } from '../../../components/serverMessage.ts';
import layout from '../../../styles/layout.module.css';
import styles from './Communities.module.css';
import { messageText } from '../../../lib/messages.ts';
import { AnalyticsMenu } from '../../analytics/components/AnalyticsMenu.tsx';

const EditorForm = ({ community }: { community: CommunityAdmin }) => {
  const { t } = useTranslation();
  const update = useUpdateCommunity(community._id);
  const [values, setValues] = useState({
    title: community.title,
    registrationKey: community.registrationKey,
    managerRegistrationKey: community.managerRegistrationKey,
    archived: community.archived,
  });
  const [outcome, setOutcome] = useState<Outcome>(null);
  useEffect(() => {
    setValues({
      title: community.title,
      registrationKey: community.registrationKey,
      managerRegistrationKey: community.managerRegistrationKey,
      archived: community.archived,
    });
  }, [community]);

  const handleSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    try {
      await update.mutateAsync(values);
      setOutcome({ ok: true, text: messageText('community.saved') });
    } catch {
      setOutcome({ ok: false, text: messageText('community.saveFailed') });
    }
  };

  return (
    <Card title={t('communityEditor.formTitle')}>
      <form className={layout.stack} onSubmit={(event) => void handleSave(event)} noValidate>
        <TextField
          name="editor-title"
          label={t('communities.title')}
          value={values.title}
          onChange={(event) => setValues((v) => ({ ...v, title: event.target.value }))}
        />
        <TextField
          name="editor-key"
          label={t('communities.registrationKey')}
          autoComplete="off"
          value={values.registrationKey}
          onChange={(event) => setValues((v) => ({ ...v, registrationKey: event.target.value }))}
        />
        <TextField
          name="editor-manager-key"
          label={t('communities.managerKey')}
          autoComplete="off"
          value={values.managerRegistrationKey}
          onChange={(event) => setValues((v) => ({ ...v, managerRegistrationKey: event.target.value }))}
        />
        <Checkbox
          label={t('communityEditor.archived')}
          hint={t('communityEditor.archivedHint')}
          checked={values.archived}
          onChange={(event) => setValues((v) => ({ ...v, archived: event.target.checked }))}
          data-testid="editor-archived"
        />
        <div className={layout.actions}>
          <Button type="submit" disabled={update.isPending} data-testid="editor-save">
            <Save size={18} aria-hidden="true" />
            {t('communityEditor.save')}
          </Button>
        </div>
      </form>
      <OutcomeAlert outcome={outcome} testId="editor-result" />
    </Card>
  );
};

/** Block or unblock every writer's login after typing the registration key. */
const BlockCard = ({ communityId }: { communityId: string }) => {
  const block = useBlockWriters(communityId);
  return <BlockWritersCard block={block} textSection="communityEditor" />;
};

const CacheCard = ({ communityId }: { communityId: string }) => {
  const { t } = useTranslation();
  const cache = useUpdateAllCache(communityId);
  return (
    <Card title={t('communityEditor.cacheTitle')}>
      <p className={layout.muted}>{t('communityEditor.cacheHint')}</p>
      <div className={layout.actions}>
        <Button variant="secondary" disabled={cache.isPending} onClick={() => cache.mutate()} data-testid="update-cache">
          <DatabaseZap size={18} aria-hidden="true" />
          {t('communityEditor.updateCache')}
        </Button>
      </div>
      {cache.isSuccess && <Alert tone="success">{t('communityEditor.cacheDone', { count: cache.data.events })}</Alert>}
      {cache.isError && <Alert tone="error">{serverMessage(cache.error) ?? t('common.genericError')}</Alert>}
    </Card>
  );
};

/** `/communityeditor/{id}` (admins): title, keys, archived; writers' login; cache rebuild. */
export const CommunityEditorPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const community = useCommunity(communityId);

  if (community.isPending) {
    return (
      <Page title={t('communityEditor.title')}>
        <p role="status">{t('common.loading')}</p>
      </Page>
    );
  }
  if (community.isError || !hasKeys(community.data)) {
    return (
      <Page title={t('communityEditor.title')}>
        <Alert tone="error">{(community.isError && serverMessage(community.error)) || t('common.genericError')}</Alert>
      </Page>
    );
  }
  return (
    <Page title={t('communityEditor.title')} subtitle={community.data.title}>
      <nav className={layout.actions} aria-label={t('communities.related')}>
        <Link className={buttonClass('secondary')} to={`/communitysettings/${communityId}`} data-testid="settings-link">
          <Settings size={18} aria-hidden="true" />
          {t('communities.settingsLink')}
        </Link>
        <Link className={buttonClass('secondary')} to={`/authormanager/${communityId}`}>
          <UserCog size={18} aria-hidden="true" />
          {t('communities.authorManagerLink')}
        </Link>
        <Link className={buttonClass('secondary')} to={`/groupmanager/${communityId}`}>
          <UsersRound size={18} aria-hidden="true" />
          {t('communities.groupManagerLink')}
        </Link>
      </nav>
      <AnalyticsMenu communityId={communityId} />
      <div className={layout.cardGrid}>
        <EditorForm community={community.data} />
        <div className={styles.side}>
          <BlockCard communityId={communityId} />
          <CacheCard communityId={communityId} />
        </div>
      </div>
    </Page>
  );
};
