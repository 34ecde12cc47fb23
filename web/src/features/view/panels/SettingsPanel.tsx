import { useTranslation } from 'react-i18next';
import type { ViewSetting } from '../../../../../contracts/api/communities.ts';
import { Button } from '../../../components/Button.tsx';
import { AnalyticsMenu } from '../../analytics/components/AnalyticsMenu.tsx';
import { Panel } from './Panel.tsx';
import styles from './Panels.module.css';

const keys = [
  'buildson',
  'references',
  'showAuthor',
  'showTime',
  'showGroup',
  'language',
] as const satisfies readonly (keyof ViewSetting)[];

/**
 * The view setting: which arrows and details the canvas draws. It starts from
 * the effective setting (view > community > default). Ticking a box changes
 * what I see at once, on this browser only (a personal preference kept per
 * view); managers and the view's authors can then save it for every reader
 * of the view, or send the view back to the community's setting.
 */
export const SettingsPanel = ({
  setting,
  overridden,
  savedOnView,
  mayChange,
  saving,
  onChange,
  onReset,
  onSaveForAll,
  onUseCommunity,
  analyticsCommunityId,
  onClose,
}: {
  setting: ViewSetting;
  /** I have changes of my own on this browser. */
  overridden: boolean;
  /** The view has its own saved setting (else it follows the community's). */
  savedOnView: boolean;
  /** I may save the view's setting for everyone. */
  mayChange: boolean;
  saving: boolean;
  onChange: (key: keyof ViewSetting, value: boolean) => void;
  onReset: () => void;
  onSaveForAll: () => void;
  onUseCommunity: () => void;
  /** The analytics menu (spec part 2: the toolbar's analytics; issue 12 §7): the analytics pages of this community. */
  analyticsCommunityId?: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Panel title={t('canvas.panels.settings')} onClose={onClose} testId="panel-settings">
      <p className={styles.hint} data-testid="setting-source">
        {savedOnView ? t('canvas.settings.sourceView') : t('canvas.settings.sourceCommunity')}
      </p>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legendTitle}>{t('canvas.settings.show')}</legend>
        {keys.map((key) => (
          <label key={key} className={styles.check}>
            <input
              type="checkbox"
              checked={setting[key]}
              onChange={(e) => onChange(key, e.target.checked)}
              data-testid={`setting-${key}`}
            />
            {t(`canvas.settings.${key}`)}
          </label>
        ))}
      </fieldset>
      <p className={styles.hint}>{mayChange ? t('canvas.settings.mine') : t('canvas.settings.mineOnly')}</p>
      <div className={styles.actions}>
        {mayChange && (
          <Button onClick={onSaveForAll} disabled={saving} data-testid="setting-save">
            {t('canvas.settings.saveForAll')}
          </Button>
        )}
        {overridden && (
          <Button variant="secondary" onClick={onReset} data-testid="setting-reset">
            {t('canvas.settings.reset')}
          </Button>
        )}
        {mayChange && savedOnView && (
          <Button variant="secondary" onClick={onUseCommunity} disabled={saving} data-testid="setting-community">
            {t('canvas.settings.useCommunity')}
          </Button>
        )}
      </div>
      {analyticsCommunityId && (
        <section className={styles.fieldset} aria-labelledby="settings-analytics" data-testid="settings-analytics">
          <h3 id="settings-analytics" className={`${styles.legendTitle} ${styles.analyticsTitle}`}>
            {t('stats.analytics')}
          </h3>
          <AnalyticsMenu communityId={analyticsCommunityId} compact />
        </section>
      )}
    </Panel>
  );
};
