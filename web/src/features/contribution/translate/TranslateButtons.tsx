import { useMutation } from '@tanstack/react-query';
import { Languages, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslateReply } from '../../../../../contracts/api/translate.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { api, ApiError } from '../../../lib/api.ts';
import { useTranslationConfigured } from '../../../lib/translation.ts';
import type { ObjectReply } from '../api/objects.ts';
import { noteTextToTranslate } from './noteText.ts';
import styles from './TranslateButtons.module.css';

type Target = 'en' | 'zh';

/**
 * "Traduire en anglais" and "Traduire en chinois" below a note (issue 18 §4),
 * each shown when the community's translateToEnglish / translateToChinese
 * plugin is on and the server has translation configured
 * (useTranslationConfigured). The translation appears in a panel under the
 * editor; a failure shows the spec's "Error in Translating this Note.. Please
 * try Later" in the reader's language (a wait after too many, as the server says).
 */
export const TranslateButtons = ({ object, toEnglish, toChinese }: { object: ObjectReply; toEnglish: boolean; toChinese: boolean }) => {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ target: Target; text: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const configured = useTranslationConfigured();
  const run = useMutation({
    mutationFn: async (target: Target) => {
      const text = noteTextToTranslate(object);
      if (!text) return { target, text: '' };
      // POST: a long note does not fit an address (the server cuts it in chunks of 4,900 characters).
      const reply = await api.request<TranslateReply>('/api/translate', { method: 'POST', body: { text, language: target } });
      return { target, text: reply.text };
    },
    onMutate: () => {
      setFailure(null);
      setShown(null);
    },
    onSuccess: (result) => setShown(result),
    onError: (error) => setFailure(error instanceof ApiError && error.status === 429 ? error.message : t('server.translate.failed')),
  });

  if (!configured || object.type !== 'Note' || (!toEnglish && !toChinese)) return null;
  return (
    <>
      {toEnglish && (
        <Button variant="ghost" onClick={() => run.mutate('en')} disabled={run.isPending} data-testid="translate-en">
          <Languages size={18} aria-hidden="true" />
          {t('contribution.translate.toEnglish')}
        </Button>
      )}
      {toChinese && (
        <Button variant="ghost" onClick={() => run.mutate('zh')} disabled={run.isPending} data-testid="translate-zh">
          <Languages size={18} aria-hidden="true" />
          {t('contribution.translate.toChinese')}
        </Button>
      )}
      {(run.isPending || shown || failure) && (
        <section className={styles.panel} aria-label={t('contribution.translate.panel')} data-testid="translation-panel">
          <div className={styles.head}>
            <h3 className={styles.title}>
              {shown?.target === 'zh' ? t('contribution.translate.titleChinese') : t('contribution.translate.titleEnglish')}
            </h3>
            {!run.isPending && (
              <Button
                variant="ghost"
                onClick={() => {
                  setShown(null);
                  setFailure(null);
                }}
                aria-label={t('contribution.translate.close')}
                data-testid="translation-close"
              >
                <X size={16} aria-hidden="true" />
              </Button>
            )}
          </div>
          {run.isPending && <p role="status">{t('contribution.translate.waiting')}</p>}
          {failure && (
            <Alert tone="error" testId="translation-error">
              {failure}
            </Alert>
          )}
          {shown &&
            (shown.text ? (
              <p className={styles.text} lang={shown.target === 'zh' ? 'zh-Hans' : 'en'} data-testid="translation-text">
                {shown.text}
              </p>
            ) : (
              <p className={styles.muted}>{t('contribution.translate.empty')}</p>
            ))}
        </section>
      )}
    </>
  );
};
