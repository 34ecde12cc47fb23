import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Scaffold } from '../../../../../contracts/api/communities.ts';
import { Button } from '../../../components/Button.tsx';
import { contributionTypeFilters, emptyFilter, type CanvasFilter, type ContributionTypeFilter } from '../canvas/model.ts';
import { Panel } from './Panel.tsx';
import styles from './Panels.module.css';

/**
 * The filter plugin's panel: refs not matching are hidden until the filter
 * is cleared.
 * The type boxes carry the original's labels (Note, Dessin, Vue, Attachement,
 * Élaborations, Élever-le-propos) and map to real types.
 */
export const FilterPanel = ({
  filter,
  onChange,
  matching,
  total,
  scaffolds,
  onClose,
}: {
  filter: CanvasFilter;
  /** The community's scaffolds (null while loading): a ref passes when its note uses a support of a ticked one. */
  scaffolds: Scaffold[] | null;
  onChange: (filter: CanvasFilter) => void;
  matching: number;
  total: number;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const toggleScaffold = (scaffoldId: string) =>
    onChange({
      ...filter,
      scaffolds: filter.scaffolds.includes(scaffoldId)
        ? filter.scaffolds.filter((x) => x !== scaffoldId)
        : [...filter.scaffolds, scaffoldId],
    });
  const toggle = (type: ContributionTypeFilter) =>
    onChange({ ...filter, types: filter.types.includes(type) ? filter.types.filter((x) => x !== type) : [...filter.types, type] });
  return (
    <Panel title={t('canvas.panels.filter')} onClose={onClose} testId="panel-filter">
      <div className={styles.field}>
        <label htmlFor={`${id}-text`}>{t('canvas.filter.text')}</label>
        <input
          id={`${id}-text`}
          className={styles.input}
          value={filter.text}
          onChange={(e) => onChange({ ...filter, text: e.target.value })}
          data-testid="filter-text"
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-from`}>{t('canvas.filter.from')}</label>
        <input
          id={`${id}-from`}
          type="date"
          className={styles.input}
          value={filter.from}
          onChange={(e) => onChange({ ...filter, from: e.target.value })}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-to`}>{t('canvas.filter.to')}</label>
        <input
          id={`${id}-to`}
          type="date"
          className={styles.input}
          value={filter.to}
          onChange={(e) => onChange({ ...filter, to: e.target.value })}
        />
      </div>
      <fieldset className={styles.fieldset} data-testid="filter-scaffolds">
        <legend className={styles.legendTitle}>{t('canvas.filter.scaffolds')}</legend>
        {scaffolds !== null && scaffolds.length === 0 && <p className={styles.hint}>{t('canvas.filter.noScaffolds')}</p>}
        {(scaffolds ?? []).map((scaffold) => (
          <label key={scaffold._id} className={styles.check}>
            <input
              type="checkbox"
              checked={filter.scaffolds.includes(scaffold._id)}
              onChange={() => toggleScaffold(scaffold._id)}
              data-testid={`filter-scaffold-${scaffold._id}`}
            />
            {scaffold.title}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legendTitle}>{t('canvas.filter.types')}</legend>
        {contributionTypeFilters.map((type) => (
          <label key={type} className={styles.check}>
            <input
              type="checkbox"
              checked={filter.types.includes(type)}
              onChange={() => toggle(type)}
              data-testid={`filter-type-${type}`}
            />
            {t(`canvas.filter.type.${type}`)}
          </label>
        ))}
      </fieldset>
      <p className={styles.hint} role="status">
        {t('canvas.filter.matching', { count: matching, total })}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => onChange(emptyFilter)}>
          {t('canvas.filter.clear')}
        </Button>
      </div>
    </Panel>
  );
};
