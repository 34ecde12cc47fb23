import * as RadixDialog from '@radix-ui/react-dialog';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GoogleImportReply, GoogleListReply } from '../../../../../contracts/api/google.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import dialogStyles from '../../../components/Dialog.module.css';
import { failureText } from '../../../components/serverMessage.ts';
import { api } from '../../../lib/api.ts';
import { useGoogleStatus } from '../../../lib/googleStatus.ts';
import type { Point } from '../canvas/model.ts';
import { driveKind, driveKindLook } from './driveFiles.ts';
import styles from './DriveImportDialog.module.css';

export type DriveImported = GoogleImportReply['data'] & { name: string };

/** Whether the server has Google configured (the tool is offered then alone, with the community's googledrive plugin). */
export const useGoogleConfigured = (enabled: boolean): boolean => useGoogleStatus(enabled).data?.configured === true;

/**
 * "Importer depuis Google Drive" (issue 18 §6; spec part 2: the toolbar's
 * Google entry and the canvas menu's "import from cloud drive"): the
 * caller's Drive files that Buildon may see, page by page, with their kind's
 * icon; the one chosen is put on the view at `at` (a Google Doc, Sheet or
 * Slides deck as PDF, a Drawing as PNG). A user who has not authorised
 * Google yet is led to the consent page, which brings the browser back here.
 */
export const DriveImportDialog = ({
  open,
  communityId,
  viewId,
  at,
  onClose,
  onImported,
}: {
  open: boolean;
  communityId: string;
  viewId: string;
  at: Point;
  onClose: () => void;
  onImported: (imported: DriveImported) => void;
}) => {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const status = useGoogleStatus(open);
  const authorised = status.data?.data === true;
  const files = useInfiniteQuery({
    queryKey: ['google', 'drive', viewId],
    queryFn: ({ pageParam }) =>
      api.request<GoogleListReply>('/auth/googleFile/list', {
        method: 'POST',
        body: { viewId, ...(pageParam ? { pageToken: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.data.nextPageToken,
    enabled: open && authorised,
    retry: false,
    staleTime: 0,
  });
  const listed = (files.data?.pages ?? []).flatMap((page) => page.data.files);
  const consent = useMutation({
    mutationFn: async () => {
      const { data } = await api.request<{ data: string }>('/auth/googleOAuth/getOAuthUrl', { method: 'POST', body: { viewId } });
      window.location.assign(data);
    },
    onError: (error) => setMessage(failureText(error)),
  });
  const importing = useMutation({
    mutationFn: async (fileId: string) => {
      const reply = await api.request<GoogleImportReply>('/auth/googleFile/import', {
        method: 'POST',
        body: { communityId, fileId, placement: { viewId, x: Math.round(at.x), y: Math.round(at.y) } },
      });
      return { ...reply.data, name: listed.find((file) => file.id === fileId)?.name ?? '' };
    },
    onSuccess: (imported) => {
      setChosen(null);
      onImported(imported);
    },
    onError: (error) => setMessage(failureText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    // Spec part 2 §6: "Please select one of your documents."
    if (!chosen) return setMessage(t('canvas.drive.selectDocument'));
    importing.mutate(chosen);
  };
  const close = () => {
    setMessage(null);
    setChosen(null);
    onClose();
  };
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(i18n.language.replace('_', '-')) : null);

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={dialogStyles.overlay} />
        <RadixDialog.Content className={dialogStyles.content} aria-describedby={undefined} data-testid="drive-dialog">
          <div className={dialogStyles.header}>
            <RadixDialog.Title className={dialogStyles.title}>{t('canvas.drive.title')}</RadixDialog.Title>
            <RadixDialog.Close className={dialogStyles.close} aria-label={t('canvas.closePanel')}>
              <X size={20} aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {status.isPending ? (
            <p className={styles.intro}>{t('canvas.drive.loading')}</p>
          ) : !authorised ? (
            <>
              <Alert tone="info" testId="drive-consent">
                {t('server.google.notAuthorised')}
              </Alert>
              <div className={styles.buttons}>
                <Button onClick={() => consent.mutate()} disabled={consent.isPending} data-testid="drive-authorise">
                  {t('canvas.drive.authorise')}
                </Button>
              </div>
            </>
          ) : (
            <form onSubmit={submit} className={styles.form}>
              <p className={styles.intro}>{t('canvas.drive.intro')}</p>
              {files.isPending ? (
                <p className={styles.intro}>{t('canvas.drive.loading')}</p>
              ) : files.isError ? null : listed.length === 0 ? (
                <p className={styles.intro} data-testid="drive-empty">
                  {t('canvas.drive.empty')}
                </p>
              ) : (
                <div className={styles.list} role="radiogroup" aria-label={t('canvas.drive.title')} data-testid="drive-files">
                  {listed.map((file) => {
                    const kind = driveKind(file.mimeType);
                    const { icon: Icon, colour } = driveKindLook[kind];
                    const modified = date(file.modifiedTime);
                    return (
                      <label key={file.id} className={styles.file} data-testid="drive-file" data-file-id={file.id}>
                        <input
                          type="radio"
                          name="drive-file"
                          className={styles.radio}
                          value={file.id}
                          checked={chosen === file.id}
                          onChange={() => {
                            setChosen(file.id);
                            setMessage(null);
                          }}
                        />
                        <Icon size={24} color={colour} aria-label={t(`canvas.drive.kinds.${kind}`)} role="img" />
                        <span className={styles.name}>
                          <strong>{file.name}</strong>
                          <span>
                            {t(`canvas.drive.kinds.${kind}`)}
                            {modified ? ` · ${t('canvas.drive.modified', { date: modified })}` : ''}
                          </span>
                        </span>
                      </label>
                    );
                  })}
                </div>
              )}
              {files.hasNextPage && (
                <Button
                  variant="ghost"
                  onClick={() => void files.fetchNextPage()}
                  disabled={files.isFetchingNextPage}
                  data-testid="drive-more"
                >
                  {t('canvas.drive.more')}
                </Button>
              )}
              {files.isError && (
                <Alert tone="error" testId="drive-message">
                  {failureText(files.error)}
                </Alert>
              )}
              {message && (
                <Alert tone="error" testId="drive-message">
                  {message}
                </Alert>
              )}
              <div className={styles.buttons}>
                <Button variant="secondary" onClick={close}>
                  {t('canvas.cancel')}
                </Button>
                <Button type="submit" disabled={importing.isPending} data-testid="drive-import">
                  {importing.isPending ? t('canvas.drive.importing') : t('canvas.drive.import')}
                </Button>
              </div>
            </form>
          )}
          {!authorised && message && (
            <Alert tone="error" testId="drive-message">
              {message}
            </Alert>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
};
