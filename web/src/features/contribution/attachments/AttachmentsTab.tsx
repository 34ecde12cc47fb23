import { ImagePlus, RotateCcw, Unlink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { createContribution, keys, useConnections, type Connection, type ObjectReply } from '../api/objects.ts';
import { urls } from '../api/urls.ts';
import type { UploadReply } from '../api/upload.ts';
import { attachmentDataOf, isImage } from './resolve.ts';
import { UploadBox } from './UploadBox.tsx';
import styles from './Attachments.module.css';
import { failureText } from '../../../components/serverMessage.ts';

export type AttachmentItem = { _id: string; title: string; mime: string; url: string | null };

/**
 * The note's attachments tab (spec part 1 §2): upload with progress, the list
 * of attachments, insert inline (only an image can be inserted) and recover
 * (only when a body was kept after a failed save). Those who may edit the note
 * remove an attachment linked to it (its `attach` link, after a confirmation);
 * the attachment itself stays, so an image inserted in the text keeps showing.
 */
export const AttachmentsTab = ({
  noteId,
  communityId,
  attachments: given,
  onUploaded,
  onInsert,
  canInsert,
  canRecover,
  onRecover,
  canRemove,
  onRemoved,
}: {
  noteId: string;
  communityId: string;
  attachments: AttachmentItem[];
  onUploaded: (item: AttachmentItem) => void;
  onInsert: (item: AttachmentItem) => void;
  canInsert: boolean;
  canRecover: boolean;
  onRecover: () => void;
  /** May edit the note (its authors and group, managers; everyone when public), as the server checks. */
  canRemove: boolean;
  /** The attach link to `attachmentId` was removed; answers true when the note's text still shows it (it stays listed). */
  onRemoved: (attachmentId: string) => boolean;
}) => {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  // Attachments linked to the note (attach links), those in its body and those uploaded here.
  const connections = useConnections(noteId, true);
  const queryClient = useQueryClient();
  const attachLinks = (connections.data?.from ?? []).filter((link) => link.type === 'attach' && !link.other.missing);
  const linked = attachLinks.map((link) => ({ _id: link.other._id, title: link.other.title, mime: '', url: null }));
  const linkIdOf = new Map(attachLinks.map((link) => [link.other._id, link._id]));
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const remove = useMutation({
    mutationFn: ({ linkId }: { linkId: string; item: AttachmentItem }) => api.request<unknown>(urls.link(linkId), { method: 'DELETE' }),
    onSuccess: (_reply, { linkId, item }) => {
      queryClient.setQueryData<{ to: Connection[]; from: Connection[] }>(keys.connections(noteId), (data) =>
        data ? { ...data, from: data.from.filter((link) => link._id !== linkId) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: keys.connections(noteId) });
      const inText = onRemoved(item._id);
      if (selected === item._id && !inText) setSelected(null);
      setNotice({
        text: t(inText ? 'contribution.attachments.removedInline' : 'contribution.attachments.removed', { title: item.title }),
        error: false,
      });
    },
    onError: (error, { item }) =>
      setNotice({ text: t('contribution.attachments.removeFailed', { title: item.title, message: failureText(error) }), error: true }),
  });
  const confirmRemove = (item: AttachmentItem, linkId: string) => {
    if (!window.confirm(t('contribution.attachments.removeConfirm', { title: item.title }))) return;
    setNotice(null);
    remove.mutate({ linkId, item });
  };
  const known = [...given, ...linked.filter((l) => !given.some((a) => a._id === l._id))];
  const details = useQueries({
    queries: known.map((item) => ({
      queryKey: keys.object(item._id),
      queryFn: () => api.request<ObjectReply>(urls.object(item._id)),
      enabled: !item.mime,
      staleTime: 60_000,
    })),
  });
  const attachments = known.map((item, i) => {
    const object = details[i]?.data;
    if (item.mime || !object) return item;
    const data = attachmentDataOf(object);
    return { ...item, title: object.title, mime: data.mime, url: data.url };
  });
  const chosen = attachments.find((a) => a._id === selected) ?? null;
  const insertable = Boolean(chosen && isImage(chosen.mime) && canInsert);

  return (
    <div className={styles.tab} data-testid="attachments-tab">
      <UploadBox
        communityId={communityId}
        label={t('contribution.attachments.upload')}
        noteId={noteId}
        prepare={async (file) => {
          const created = await createContribution(communityId, { type: 'Attachment', title: file.name.slice(0, 200) });
          return created.contribution._id;
        }}
        onUploaded={(reply: UploadReply, attachmentId, file) => {
          const item = { _id: attachmentId, title: reply.filename || file.name, mime: reply.mime, url: reply.url };
          onUploaded(item);
          setSelected(attachmentId);
          // The server linked the note to it (attach): the list comes from those links after a reload.
          void queryClient.invalidateQueries({ queryKey: keys.connections(noteId) });
        }}
      />
      {attachments.length === 0 ? (
        <p className={styles.muted}>{t('contribution.attachments.none')}</p>
      ) : (
        <fieldset className={styles.list}>
          <legend>{t('contribution.attachments.list')}</legend>
          {attachments.map((item) => {
            const linkId = canRemove ? linkIdOf.get(item._id) : undefined;
            return (
              <div key={item._id} className={styles.row}>
                <label className={styles.item} data-testid="attachment-item" data-mime={item.mime}>
                  <input type="radio" name="attachment-choice" checked={selected === item._id} onChange={() => setSelected(item._id)} />
                  <span className={styles.itemTitle}>{item.title}</span>
                  <span className={styles.muted}>{item.mime || '—'}</span>
                </label>
                {linkId && (
                  <Button
                    variant="ghost"
                    className={styles.remove}
                    disabled={remove.isPending}
                    aria-label={t('contribution.attachments.removeLabel', { title: item.title })}
                    onClick={() => confirmRemove(item, linkId)}
                    data-testid="attachment-remove"
                  >
                    <Unlink size={16} aria-hidden="true" />
                    {t('contribution.attachments.remove')}
                  </Button>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      {notice && (
        <p className={notice.error ? styles.error : styles.muted} role={notice.error ? 'alert' : 'status'} data-testid="attachment-notice">
          {notice.text}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" disabled={!insertable} onClick={() => chosen && onInsert(chosen)} data-testid="attachment-insert">
          <ImagePlus size={18} aria-hidden="true" />
          {t('contribution.attachments.insert')}
        </Button>
        <Button variant="secondary" disabled={!canRecover} onClick={onRecover} data-testid="recover">
          <RotateCcw size={18} aria-hidden="true" />
          {t('contribution.attachments.recover')}
        </Button>
      </div>
    </div>
  );
};
