import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { Card } from '../../../components/Page.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { useCsvRename, type CsvRenaming } from '../api/authors.ts';
import layout from '../../../styles/layout.module.css';
import { CsvFileRow } from './CsvFileRow.tsx';
import { RowMessages } from './CsvImportCard.tsx';

/** Rename users from a CSV of firstName, lastName, userName. */
export const CsvRenameCard = ({ communityId }: { communityId: string }) => {
  const { t } = useTranslation();
  const rename = useCsvRename(communityId);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<CsvRenaming | null>(null);

  const handleChoose = (chosen: File | null) => {
    setResult(null);
    setProblem(null);
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
    <Card title={t('authors.renameTitle')} className={layout.wide}>
      <p className={layout.muted}>{t('authors.renameHint')}</p>
      <CsvFileRow testId="rename-file" onChoose={handleChoose} onReject={setProblem}>
        <Button variant="secondary" onClick={() => void handleUpload()} disabled={!file || rename.isPending} data-testid="rename-upload">
          <FileSpreadsheet size={18} aria-hidden="true" />
          {t('authors.renameUpload')}
        </Button>
      </CsvFileRow>
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
