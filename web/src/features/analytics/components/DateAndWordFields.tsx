import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/Field.tsx';
import styles from './Stats.module.css';

/** The dates and words an analytics page is filtered by. */
export type ChosenDatesAndWords = { from: string; to: string; words: string };

/**
 * The row of date and word fields the statistics page and the scaffold
 * tracker share. `name` prefixes the fields' names and test ids; `required`
 * and `errors` are the statistics page's (its range is mandatory).
 */
export const DateAndWordFields = <D extends ChosenDatesAndWords>({
  name,
  draft,
  setDraft,
  required = false,
  errors = {},
}: {
  name: string;
  draft: D;
  setDraft: (update: (draft: D) => D) => void;
  required?: boolean;
  errors?: { from?: string | undefined; to?: string | undefined };
}) => {
  const { t } = useTranslation();
  return (
    <div className={styles.row}>
      <TextField
        name={`${name}-from`}
        type="date"
        required={required}
        label={t('stats.from')}
        value={draft.from}
        onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
        error={errors.from}
        data-testid={`${name}-from`}
      />
      <TextField
        name={`${name}-to`}
        type="date"
        required={required}
        label={t('stats.to')}
        value={draft.to}
        onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
        error={errors.to}
        data-testid={`${name}-to`}
      />
      <TextField
        name={`${name}-words`}
        type="search"
        label={t('stats.words')}
        hint={t('stats.wordsHint')}
        value={draft.words}
        onChange={(e) => setDraft((d) => ({ ...d, words: e.target.value }))}
        className={styles.words}
        autoComplete="off"
        data-testid={`${name}-words`}
      />
    </div>
  );
};
