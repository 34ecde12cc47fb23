import { ArrowDown, ArrowUp, Plus, Save, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  noteColours,
  offeredPluginFlags,
  translationPluginFlags,
  type CommunitySettings,
  type ContextData,
  type Scaffold,
  type ViewSetting,
} from '../../../../../contracts/api/communities.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { Checkbox } from '../../../components/Checkbox.tsx';
import { fieldStyles, TextField } from '../../../components/Field.tsx';
import { OutcomeAlert, type Outcome } from '../../../components/Outcome.tsx';
import { Card, Page } from '../../../components/Page.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import type { UserProfile } from '../../../lib/session.ts';
import { useCommunityScaffolds, useCommunitySettings, useMyAuthor } from '../../../lib/community.ts';
import { useCommunity, useSaveCommunitySettings } from '../api/communities.ts';
import { useTranslationConfigured } from '../../../lib/translation.ts';
import { useIntegrationPluginFlags } from '../integrationPlugins.ts';
import { serverMessage } from '../../../components/serverMessage.ts';
import { noteLanguages } from '../noteLanguages.ts';
import { TemplatesCard } from './TemplatesCard.tsx';
import layout from '../../../styles/layout.module.css';
import styles from './Communities.module.css';
import { useMessageText } from '../../../lib/messages.ts';
import type { MessageCode } from '../../../../../contracts/messageCodes.ts';
import { AnalyticsMenu } from '../../analytics/components/AnalyticsMenu.tsx';
import { KbdexExportCard } from '../../research/KbdexExportCard.tsx';
import { ResearchExportCard } from '../../research/ResearchExportCard.tsx';

const viewSettingKeys: (keyof ViewSetting)[] = ['buildson', 'references', 'showGroup', 'showAuthor', 'showTime', 'language'];

/** Client rules before saving: the multilanguage plugin needs a default language. */
export const validateSettings = (data: ContextData, scaffoldIds: readonly string[]): MessageCode | null => {
  if (data.plugins.multilanguage && !data.defaultLang) return 'community.defaultLanguageRequired';
  if (new Set(scaffoldIds).size !== scaffoldIds.length) return 'community.scaffoldInUse';
  return null;
};

type SettingsFormProps = { communityId: string; settings: CommunitySettings; scaffolds: Scaffold[]; canSave: boolean };

const SettingsForm = ({ communityId, settings, scaffolds, canSave }: SettingsFormProps) => {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const save = useSaveCommunitySettings(communityId);
  const [data, setData] = useState<ContextData>(settings.data);
  const [scaffoldIds, setScaffoldIds] = useState<string[]>(settings.scaffoldIds);
  const [addScaffold, setAddScaffold] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [langError, setLangError] = useState<string | undefined>();
  const addScaffoldId = `add-${useId().replace(/:/g, '')}`;
  // The translation plugins work only where the server translates (issue 18 §4): offered there alone.
  const translation = useTranslationConfigured() ? translationPluginFlags : [];
  // Likewise ITM and Google Docs / Drive (issue 18 §6, §7), where this server has them configured.
  const pluginFlags = [...offeredPluginFlags, ...translation, ...useIntegrationPluginFlags(communityId)];
  useEffect(() => {
    setData(settings.data);
    setScaffoldIds(settings.scaffoldIds);
  }, [settings]);

  const titleOf = (id: string) => scaffolds.find((s) => s._id === id)?.title ?? id;
  const available = scaffolds.filter((s) => !scaffoldIds.includes(s._id));

  const move = (index: number, delta: number) =>
    setScaffoldIds((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      if (item !== undefined) next.splice(index + delta, 0, item);
      return next;
    });

  const handleAdd = () => {
    if (!addScaffold) return;
    if (scaffoldIds.includes(addScaffold)) {
      setOutcome({ ok: false, text: messageText('community.scaffoldInUse') });
      return;
    }
    setScaffoldIds((list) => [...list, addScaffold]);
    setAddScaffold('');
  };

  const handleSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const problem = validateSettings(data, scaffoldIds);
    setLangError(problem === 'community.defaultLanguageRequired' ? messageText(problem) : undefined);
    if (problem) {
      setOutcome({ ok: false, text: messageText(problem) });
      return;
    }
    try {
      await save.mutateAsync({ data, scaffoldIds });
      setOutcome({ ok: true, text: messageText('community.saved') });
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? messageText('community.saveFailed') });
    }
  };

  const toggleLanguage = (code: string, on: boolean) =>
    setData((d) => ({ ...d, languages: on ? [...d.languages, code] : d.languages.filter((l) => l !== code) }));

  return (
    <form className={layout.stack} onSubmit={(event) => void handleSave(event)} noValidate data-testid="settings-form">
      <div className={layout.cardGrid}>
        <Card title={t('communitySettings.pluginsTitle')} className={layout.wide}>
          <fieldset className={styles.checks}>
            <legend className="visually-hidden">{t('communitySettings.pluginsTitle')}</legend>
            {pluginFlags.map((flag) => (
              <Checkbox
                key={flag}
                label={t(`communitySettings.plugins.${flag}`)}
                checked={data.plugins[flag]}
                onChange={(event) => setData((d) => ({ ...d, plugins: { ...d.plugins, [flag]: event.target.checked } }))}
                data-flag={flag}
              />
            ))}
            {/* Not one of KF6's flags: the writing help's log keeps the texts sent only when a manager says so (issue 18 §3). */}
            <Checkbox
              label={t('communitySettings.aiLogText')}
              checked={(data.plugins as Partial<Record<string, boolean>>).aiLogText === true}
              onChange={(event) => setData((d) => ({ ...d, plugins: { ...d.plugins, aiLogText: event.target.checked } }))}
              data-flag="aiLogText"
            />
            <Link to={`/ai-logs?communityId=${communityId}`} data-testid="ai-logs-link">
              {t('communitySettings.aiLogs')}
            </Link>
          </fieldset>
        </Card>

        <Card title={t('communitySettings.behaviourTitle')}>
          <Checkbox
            label={t('communitySettings.preventOverlap')}
            checked={data.features.preventOverlap}
            onChange={(event) => setData((d) => ({ ...d, features: { ...d.features, preventOverlap: event.target.checked } }))}
          />
          <Checkbox
            label={t('communitySettings.freemode')}
            checked={data.freemode}
            onChange={(event) => setData((d) => ({ ...d, freemode: event.target.checked }))}
          />
          <Checkbox
            label={t('communitySettings.flipname')}
            checked={data.flipname}
            onChange={(event) => setData((d) => ({ ...d, flipname: event.target.checked }))}
          />
          <Checkbox
            label={t('communitySettings.hideUserName')}
            checked={data.hideUserNameInAuthorSelector}
            onChange={(event) => setData((d) => ({ ...d, hideUserNameInAuthorSelector: event.target.checked }))}
          />
        </Card>

        <Card title={t('communitySettings.viewSettingTitle')}>
          <p className={layout.muted}>{t('communitySettings.viewSettingHint')}</p>
          {viewSettingKeys.map((key) => (
            <Checkbox
              key={key}
              label={t(`communitySettings.viewSetting.${key}`)}
              checked={data.viewSetting[key]}
              onChange={(event) => setData((d) => ({ ...d, viewSetting: { ...d.viewSetting, [key]: event.target.checked } }))}
            />
          ))}
        </Card>

        {/* Note colours label promising ideas (KF6 keeps them in the context; issue 14 §3): shown with that plugin on. */}
        {data.plugins.promisingnessidea && (
          <Card title={t('communitySettings.coloursTitle')} className={layout.wide}>
            <p className={layout.muted}>{t('communitySettings.coloursHint')}</p>
            <div className={styles.checks} data-testid="colour-labels">
              {noteColours.map((colour) => (
                <div key={colour}>
                  <Checkbox
                    label={t(`communitySettings.colours.${colour}`)}
                    checked={data.colours[colour].enabled}
                    onChange={(event) =>
                      setData((d) => ({
                        ...d,
                        colours: { ...d.colours, [colour]: { ...d.colours[colour], enabled: event.target.checked } },
                      }))
                    }
                  />
                  <TextField
                    name={`colour-${colour}`}
                    label={t('communitySettings.colourLabel', { colour: t(`communitySettings.colours.${colour}`) })}
                    placeholder={t('communitySettings.colourPlaceholder')}
                    value={data.colours[colour].label}
                    maxLength={100}
                    onChange={(event) =>
                      setData((d) => ({ ...d, colours: { ...d.colours, [colour]: { ...d.colours[colour], label: event.target.value } } }))
                    }
                  />
                </div>
              ))}
            </div>
          </Card>
        )}

        <Card title={t('communitySettings.languagesTitle')} className={layout.wide}>
          <p className={layout.muted}>{t('communitySettings.languagesHint')}</p>
          <SelectField
            name="default-lang"
            label={t('communitySettings.defaultLang')}
            value={data.defaultLang}
            error={langError}
            onChange={(event) => setData((d) => ({ ...d, defaultLang: event.target.value }))}
            data-testid="default-lang"
          >
            <option value="">{t('communitySettings.noDefaultLang')}</option>
            {noteLanguages.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('communitySettings.offeredLanguages')}</legend>
            <div className={styles.languages}>
              {noteLanguages.map(([code, name]) => (
                <Checkbox
                  key={code}
                  label={name}
                  checked={data.languages.includes(code)}
                  onChange={(event) => toggleLanguage(code, event.target.checked)}
                />
              ))}
            </div>
          </fieldset>
        </Card>

        <Card title={t('communitySettings.scaffoldsTitle')}>
          <p className={layout.muted}>{t('communitySettings.scaffoldsHint')}</p>
          {scaffoldIds.length === 0 && <p className={layout.muted}>{t('communitySettings.noScaffolds')}</p>}
          <ol className={styles.scaffolds} data-testid="offered-scaffolds">
            {scaffoldIds.map((id, index) => (
              <li key={id} className={styles.scaffold}>
                <span>{titleOf(id)}</span>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t('communitySettings.moveUp', { title: titleOf(id) })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp size={16} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t('communitySettings.moveDown', { title: titleOf(id) })}
                  disabled={index === scaffoldIds.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown size={16} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t('communitySettings.removeScaffold', { title: titleOf(id) })}
                  onClick={() => setScaffoldIds((list) => list.filter((s) => s !== id))}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ol>
          {available.length > 0 && (
            <div className={layout.actions}>
              <label htmlFor={addScaffoldId} className="visually-hidden">
                {t('communitySettings.addScaffold')}
              </label>
              <select
                id={addScaffoldId}
                className={fieldStyles.select}
                value={addScaffold}
                onChange={(event) => setAddScaffold(event.target.value)}
              >
                <option value="">{t('communitySettings.chooseScaffold')}</option>
                {available.map((s) => (
                  <option key={s._id} value={s._id}>
                    {s.title}
                  </option>
                ))}
              </select>
              <Button variant="secondary" onClick={handleAdd} disabled={!addScaffold}>
                <Plus size={18} aria-hidden="true" />
                {t('communitySettings.addScaffold')}
              </Button>
            </div>
          )}
        </Card>

        <TemplatesCard communityId={communityId} scaffolds={scaffolds} canSave={canSave} />

        <Card title={t('communitySettings.serversTitle')}>
          <p className={layout.muted}>{t('communitySettings.serversHint')}</p>
          {(['itmServer', 'kbdexServer', 'kbdacServer'] as const).map((key) => (
            <TextField
              key={key}
              name={key}
              type="url"
              label={t(`communitySettings.${key}`)}
              placeholder="https://"
              value={data.settings[key]}
              onChange={(event) => setData((d) => ({ ...d, settings: { ...d.settings, [key]: event.target.value } }))}
            />
          ))}
        </Card>
      </div>
      <div className={styles.saveBar}>
        <Button type="submit" disabled={!canSave || save.isPending} data-testid="settings-save">
          <Save size={18} aria-hidden="true" />
          {t('communitySettings.save')}
        </Button>
        <OutcomeAlert outcome={outcome} testId="settings-result" />
      </div>
    </form>
  );
};

/** `/communitysettings/{communityId}`: the root context's settings (managers and admins save). */
export const CommunitySettingsPage = ({ me }: { me: UserProfile }) => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const community = useCommunity(communityId);
  const settings = useCommunitySettings(communityId);
  const scaffolds = useCommunityScaffolds(communityId);
  const isAdmin = me.role === 'admin';
  const author = useMyAuthor(communityId, !isAdmin);
  const canSave = isAdmin || author.data?.role === 'manager';

  const failure = settings.error ?? scaffolds.error ?? community.error;
  return (
    <Page title={t('communitySettings.title')} subtitle={community.data?.title}>
      {failure && <Alert tone="error">{serverMessage(failure) ?? t('common.genericError')}</Alert>}
      {(settings.isPending || scaffolds.isPending) && !failure && <p role="status">{t('common.loading')}</p>}
      {!isAdmin && author.data && !canSave && <Alert tone="info">{t('communitySettings.managersOnly')}</Alert>}
      {/* The analytics menu: every member may open these pages (shown once the server has let me in). */}
      {settings.data && !failure && <AnalyticsMenu communityId={communityId} />}
      {settings.data && scaffolds.data && (
        <SettingsForm communityId={communityId} settings={settings.data} scaffolds={scaffolds.data} canSave={canSave} />
      )}
      {settings.data && (canSave || author.data?.role === 'researcher') && (
        <KbdexExportCard communityId={communityId} researcher={!canSave && author.data?.role === 'researcher'} />
      )}
      {/* The research export (issue 24 §3): managers, admins and the class's researchers. */}
      {(canSave || author.data?.role === 'researcher') && <ResearchExportCard communityId={communityId} />}
    </Page>
  );
};
