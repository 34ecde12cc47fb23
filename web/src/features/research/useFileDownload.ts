import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../components/serverMessage.ts';

/**
 * A download a card starts (the KBDeX file, the research export): busy while
 * it runs, and the server's refusal (or a generic failure) to show after.
 */
export const useFileDownload = () => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (fetchAndSave: () => Promise<void>): Promise<void> => {
    setFailure(null);
    setBusy(true);
    try {
      await fetchAndSave();
    } catch (error) {
      setFailure(serverMessage(error) ?? t('common.genericError'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, run };
};
