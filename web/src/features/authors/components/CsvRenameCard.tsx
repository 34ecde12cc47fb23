import { FileSpreadsheet } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CommunityMessages } from '../../../../../contracts/messages.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { Card } from '../../../components/Page.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { useCsvRename, type CsvRenaming } from '../api/authors.ts';
import { isCsvName } from '../csv.ts';
import styles from './Authors.module.css';
import { RowMessages } from './CsvImportCard.tsx';

/** Rename users from a CSV of firstName, lastName, userName. */
export const CsvRenameCard = ({ communityId }: { communityId: string }) => {
  const { t } = useTranslation();
  const rename = useCsvRename(communityId);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<CsvRenaming | null>(null);
  const inputId = `rename-${useId().replace(/:/g, '')}`;

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setResult(null);
    setProblem(null);
    setFile(null);
    if (!chosen) return;
    if (!isCsvName(chosen.name)) {
      setProblem(CommunityMessages.csvOnly);
      return;
    }
    setFile(chosen);
  };

  const handleUpload = async () => {
    if (!file) return;
    setProblem(null);
    try {
      setResult(await rename.mutateAsync(file));
    } catch (failure) {
      setProblem(serverMessage(failure) ?? t('common.genericError'));
    }
  };

  return (
    <Card title={t('authors.renameTitle')} className={styles.wide}>
      <p className={styles.muted}>{t('authors.renameHint')}</p>
      <div className={styles.fileRow}>
        <div className={styles.field}>
          <label htmlFor={inputId} className={styles.label}>
            {t('authors.csvFile')}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className={styles.file}
            onChange={handleFile}
            data-testid="rename-file"
          />
        </div>
        <Button variant="secondary" onClick={() => void handleUpload()} disabled={!file || rename.isPending} data-testid="rename-upload">
          <FileSpreadsheet size={18} aria-hidden="true" />
          {t('authors.renameUpload')}
        </Button>
      </div>
      {problem && (
        <Alert tone="error" testId="rename-problem">
          {problem}
        </Alert>
      )}
      {result && (
        <>
          <Alert tone={result.errors.length === 0 ? 'success' : 'info'} testId="rename-result">
            {t('authors.renameDone', { count: result.nModified })}
          </Alert>
          <RowMessages items={result.errors} testId="rename-errors" tone="error" />
        </>
      )}
    </Card>
  );
};
