import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileText, FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { failureText } from '../../../components/serverMessage.ts';
import { api } from '../../../lib/api.ts';
import { useGoogleStatus } from '../../../lib/googleStatus.ts';
import { resourceKeys } from '../../../lib/community.ts';
import type { ObjectReply } from '../api/objects.ts';

/**
 * "Créer un document Google" and "Importer le document Google" below a note
 * (issue 18 §6), shown when the community's googledocs plugin is on and the
 * server has Google configured. A user who has not authorised Buildon yet is
 * sent to Google's consent page, which brings the browser back to the view.
 */
export const GoogleDocButtons = ({ object, viewId }: { object: ObjectReply; viewId: string | null }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const status = useGoogleStatus();
  /** Runs `action` once Google is authorised; else goes to the consent page. */
  const authorised = async (action: () => Promise<void>) => {
    setMessage(null);
    if (!status.data?.data) {
      if (!viewId) return setMessage({ tone: 'error', text: t('server.google.notAuthorised') });
      const { data } = await api.request<{ data: string }>('/auth/googleOAuth/getOAuthUrl', { method: 'POST', body: { viewId } });
      window.location.assign(data);
      return;
    }
    await action();
  };
  const run = useMutation({
    mutationFn: (kind: 'create' | 'export') =>
      authorised(async () => {
        if (kind === 'create') {
          const { data } = await api.request<{ data: { docId: string } }>('/auth/googleFile/create', {
            method: 'POST',
            body: { noteId: object._id, title: object.title, scaffolds: [] },
          });
          window.open(`https://docs.google.com/document/d/${encodeURIComponent(data.docId)}/edit`, '_blank', 'noopener');
          setMessage({ tone: 'success', text: t('contribution.google.created') });
        } else {
          await api.request('/auth/googleFile/export', { method: 'POST', body: { noteId: object._id } });
          await queryClient.invalidateQueries({ queryKey: resourceKeys.object(object._id) });
          setMessage({ tone: 'success', text: t('contribution.google.exported') });
        }
      }),
    onError: (error) => setMessage({ tone: 'error', text: failureText(error) }),
  });

  if (!status.data?.configured || object.type !== 'Note') return null;
  return (
    <>
      <Button variant="secondary" onClick={() => run.mutate('create')} disabled={run.isPending} data-testid="google-doc-create">
        <FileText size={18} aria-hidden="true" />
        {t('contribution.google.create')}
      </Button>
      <Button variant="ghost" onClick={() => run.mutate('export')} disabled={run.isPending} data-testid="google-doc-export">
        <FileDown size={18} aria-hidden="true" />
        {t('contribution.google.export')}
      </Button>
      {message && (
        <Alert tone={message.tone} testId="google-doc-message">
          {message.text}
        </Alert>
      )}
    </>
  );
};
