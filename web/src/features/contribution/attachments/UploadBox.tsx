import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { uploadFile, type UploadReply } from '../api/upload.ts';
import styles from './Attachments.module.css';
import { ApiError } from '../../../lib/api.ts';

/**
 * A file input that uploads at once with a progress bar (XMLHttpRequest upload
 * progress); 'error on uploading' on failure. `prepare` makes the attachment to
 * upload into (a new one, or this one for a new version).
 */
export const UploadBox = ({
  communityId,
  prepare,
  onUploaded,
  label,
  accept,
  noteId,
}: {
  communityId: string;
  prepare: (file: File) => Promise<string>;
  onUploaded: (reply: UploadReply, attachmentId: string, file: File) => void;
  label: string;
  /** File types offered by the chooser (e.g. image/*). */
  accept?: string;
  /** Uploading from this note: the server links it to the attachment. */
  noteId?: string;
}) => {
  const { t } = useTranslation();
  const id = `upload-${useId().replace(/:/g, '')}`;
  const [progress, setProgress] = useState(-1);
  const [failed, setFailed] = useState<string | null>(null);

  const start = async (file: File) => {
    setFailed(null);
    setProgress(0);
    try {
      const attachmentId = await prepare(file);
      const reply = await uploadFile(communityId, attachmentId, file, file.name, setProgress, noteId);
      setProgress(100);
      onUploaded(reply, attachmentId, file);
      // Fact sheet §10.1: 100, then hidden after 1.2 s.
      window.setTimeout(() => setProgress(-1), 1200);
    } catch (error) {
      setProgress(-1);
      // The server's reason, translated from its code (e.g. the upload limit); nothing more for a network failure.
      const detail = error instanceof ApiError && error.messageCode ? ` (${error.message})` : '';
      setFailed(`${t('contribution.spec.uploadFailed')}${detail}`);
    }
  };

  return (
    <div className={styles.uploadBox}>
      <label htmlFor={id} className={styles.uploadLabel}>
        <Upload size={18} aria-hidden="true" />
        {label}
      </label>
      <input
        id={id}
        type="file"
        className={styles.fileInput}
        data-testid="upload-input"
        accept={accept}
        disabled={progress >= 0 && progress < 100}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void start(file);
        }}
      />
      {progress >= 0 && (
        <div className={styles.progressRow}>
          <progress
            className={styles.progress}
            max={100}
            value={progress}
            data-testid="upload-progress"
            aria-label={t('contribution.attachments.progress')}
          />
          <span aria-live="polite">{`${progress} %`}</span>
        </div>
      )}
      {failed && (
        <Alert tone="error" testId="upload-error">
          {failed}
        </Alert>
      )}
    </div>
  );
};
