import { useTranslation } from 'react-i18next';
import type { ViewSetting } from '../../../../../contracts/api/communities.ts';
import { Button } from '../../../components/Button.tsx';
import { Panel } from './Panel.tsx';
import styles from './Panels.module.css';

const keys = ['buildson', 'references', 'showAuthor', 'showTime', 'showGroup', 'language'] as const satisfies readonly (keyof ViewSetting)[];

/**
 * The view setting: which arrows and details the canvas draws. It starts from
 * the effective setting (view > community > default) and the changes are kept
 * on this browser for this view.
 */
export const SettingsPanel = ({
  setting,
  overridden,
  onChange,
  onReset,
  onClose,
}: {
  setting: ViewSetting;
  overridden: boolean;
  onChange: (key: keyof ViewSetting, value: boolean) => void;
  onReset: () => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Panel title={t('canvas.panels.settings')} onClose={onClose} testId="panel-settings">
      <fieldset className={styles.fieldset}>
        <legend className={styles.legendTitle}>{t('canvas.settings.show')}</legend>
        {keys.map((key) => (
          <label key={key} className={styles.check}>
            <input type="checkbox" checked={setting[key]} onChange={(e) => onChange(key, e.target.checked)} data-testid={`setting-${key}`} />
            {t(`canvas.settings.${key}`)}
          </label>
        ))}
      </fieldset>
      <p className={styles.hint}>{t('canvas.settings.local')}</p>
      {overridden && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onReset}>
            {t('canvas.settings.reset')}
          </Button>
        </div>
      )}
    </Panel>
  );
};
