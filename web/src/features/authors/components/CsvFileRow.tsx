import { useId, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldStyles } from '../../../components/Field.tsx';
import layout from '../../../styles/layout.module.css';
import { isCsvName } from '../csv.ts';
import styles from './Authors.module.css';
import { messageText } from '../../../lib/messages.ts';

export type CsvFileRowProps = {
  testId: string;
  /** The chosen `.csv` file, or null when the choice was cleared or was not a CSV. */
  onChoose: (file: File | null) => void;
  /** Called with the spec's message after a file that is not a CSV. */
  onReject: (message: string) => void;
  /** The buttons beside the file picker. */
  children: ReactNode;
};

/** A labelled CSV file picker with its buttons beside it: the upload start of both CSV cards. */
export const CsvFileRow = ({ testId, onChoose, onReject, children }: CsvFileRowProps) => {
  const { t } = useTranslation();
  const inputId = `${testId}-${useId().replace(/:/g, '')}`;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && !isCsvName(chosen.name)) {
      onChoose(null);
      onReject(messageText('community.csvOnly'));
      return;
    }
    onChoose(chosen);
  };

  return (
    <div className={`${layout.inlineForm} ${styles.growFirst}`}>
      <div className={fieldStyles.field}>
        <label htmlFor={inputId} className={fieldStyles.label}>
          {t('authors.csvFile')}
        </label>
        <input id={inputId} type="file" accept=".csv,text/csv" className={styles.file} onChange={handleChange} data-testid={testId} />
      </div>
      {children}
    </div>
  );
};
