import { FileDown, ListChecks, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvRowError } from '../../../../../contracts/api/communities.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { Card } from '../../../components/Page.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { useCsvSubmit, useCsvValidate, type CsvSubmission, type CsvValidation } from '../api/authors.ts';
import { downloadText } from '../../../lib/download.ts';
import { parseCsv, type CsvPreview } from '../csv.ts';
import layout from '../../../styles/layout.module.css';
import styles from './Authors.module.css';
import { CsvFileRow } from './CsvFileRow.tsx';
import { rowText, useMessageText } from '../../../lib/messages.ts';

/** The five columns of a user CSV (spec part 1 §2). */
export const userCsvColumns = ['firstName', 'lastName', 'email', 'username', 'password'] as const;
const previewRows = 5;

/** Row problems: the file row (the header is row 1) and its messages, translated from their codes. */
export const RowMessages = ({ items, testId, tone }: { items: CsvRowError[]; testId: string; tone: 'error' | 'info' }) => {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  // The list scrolls when long: a focusable, named region so keyboards can scroll it too.
  return (
    <div
      className={`${styles.rowMessages} ${tone === 'error' ? styles.rowErrors : styles.rowNotices}`}
      role="region"
      tabIndex={0}
      aria-label={tone === 'error' ? t('authors.csvErrors') : t('authors.csvNotices')}
    >
      <ul data-testid={testId}>
        {items.map((item, i) => (
          <li key={`${item.index}-${i}`} data-row={item.index}>
            <span className={styles.rowIndex}>{t('authors.csvRow', { index: item.index })}</span>
            <span data-testid="row-message">{rowText(t, item.messages)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
};

/** Upload users: preview (papaparse) → server check with per-row errors → submit once it passes. */
export const CsvImportCard = ({ communityId }: { communityId: string }) => {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const validate = useCsvValidate(communityId);
  const submit = useCsvSubmit(communityId);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [check, setCheck] = useState<CsvValidation | null>(null);
  const [result, setResult] = useState<CsvSubmission | null>(null);

  const handleChoose = async (chosen: File | null) => {
    setCheck(null);
    setResult(null);
    setProblem(null);
    setPreview(null);
    setFile(chosen);
    if (chosen) setPreview(parseCsv(await chosen.text()));
  };

  const handleCheck = async () => {
    if (!file) return;
    setProblem(null);
    setResult(null);
    try {
      setCheck(await validate.mutateAsync(file));
    } catch (failure) {
      setCheck(null);
      setProblem(serverMessage(failure) ?? t('common.genericError'));
    }
  };

  const handleSubmit = async () => {
    if (!file || !check?.valid) return;
    setProblem(null);
    try {
      setResult(await submit.mutateAsync(file));
    } catch (failure) {
      setProblem(serverMessage(failure) ?? t('common.genericError'));
    }
  };

  const handleTemplate = () =>
    downloadText('users-template.csv', `${userCsvColumns.join(',')}\nAda,Lovelace,ada@example.org,ada,secret1\n`);

  // The server matches header names ignoring case, spaces, '-' and '_'.
  const normalise = (name: string) =>
    name
      .trim()
      .toLowerCase()
      .replace(/[\s_-]/g, '');
  const headers = new Set(preview?.fields.map(normalise) ?? []);
  const missingColumns = preview ? userCsvColumns.filter((c) => !headers.has(normalise(c))) : [];
  const canSubmit = Boolean(file && check?.valid && !result && !submit.isPending);

  return (
    <Card title={t('authors.csvTitle')} className={layout.wide}>
      <p className={layout.muted}>{t('authors.csvHint', { columns: userCsvColumns.join(', ') })}</p>
      <CsvFileRow testId="csv-file" onChoose={(chosen) => void handleChoose(chosen)} onReject={setProblem}>
        <Button variant="ghost" onClick={handleTemplate}>
          <FileDown size={18} aria-hidden="true" />
          {t('authors.csvTemplate')}
        </Button>
      </CsvFileRow>

      {preview && (
        <div className={styles.preview} data-testid="csv-preview">
          <p>
            <strong>{t('authors.csvRows', { count: preview.rows.length })}</strong>
            {preview.rows.length > previewRows && ` · ${t('authors.csvFirstRows', { count: previewRows })}`}
          </p>
          {missingColumns.length > 0 && <Alert tone="info">{t('authors.csvMissingColumns', { columns: missingColumns.join(', ') })}</Alert>}
          <div className={layout.tableWrap} tabIndex={0} role="region" aria-label={t('authors.csvPreview')}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  {preview.fields.map((field) => (
                    <th key={field} scope="col">
                      {field}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.rows.slice(0, previewRows).map((row, index) => (
                  <tr key={index}>
                    <td className={layout.muted}>{index + 2}</td>
                    {preview.fields.map((field) => (
                      <td key={field}>{field === 'password' && row[field] ? '••••' : row[field]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}

      <div className={layout.actions}>
        <Button variant="secondary" onClick={() => void handleCheck()} disabled={!file || validate.isPending} data-testid="csv-validate">
          <ListChecks size={18} aria-hidden="true" />
          {t('authors.csvCheck')}
        </Button>
        <Button onClick={() => void handleSubmit()} disabled={!canSubmit} data-testid="csv-submit">
          <Upload size={18} aria-hidden="true" />
          {t('authors.csvSubmit')}
        </Button>
      </div>

      {problem && (
        <Alert tone="error" testId="csv-problem">
          {problem}
        </Alert>
      )}
      {check && !result && (
        <div className={styles.checkResult} data-testid="csv-check">
          <Alert tone={check.valid ? 'success' : 'error'} testId="csv-check-message">
            {messageText({ messageCode: check.messageCode })}
          </Alert>
          <RowMessages items={check.errors} testId="csv-errors" tone="error" />
          <RowMessages items={check.notices} testId="csv-notices" tone="info" />
        </div>
      )}
      {result && (
        <div className={styles.checkResult} data-testid="csv-result">
          <Alert tone={result.errors.length === 0 ? 'success' : 'error'} testId="csv-result-message">
            <p>{messageText({ messageCode: result.messageCode })}</p>
            <p>{t('authors.csvCreated', { created: result.created, enrolled: result.enrolled })}</p>
          </Alert>
          <RowMessages items={result.errors} testId="csv-submit-errors" tone="error" />
          <RowMessages items={result.notices ?? []} testId="csv-submit-notices" tone="info" />
        </div>
      )}
    </Card>
  );
};
