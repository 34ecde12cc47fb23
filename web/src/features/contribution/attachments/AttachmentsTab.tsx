import { ImagePlus, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { createContribution, keys, useConnections, type ObjectReply } from '../api/objects.ts';
import { urls } from '../api/urls.ts';
import type { UploadReply } from '../api/upload.ts';
import { attachmentDataOf, isImage } from './resolve.ts';
import { UploadBox } from './UploadBox.tsx';
import styles from './Attachments.module.css';

export type AttachmentItem = { _id: string; title: string; mime: string; url: string | null };

/**
 * The note's attachments tab (spec part 1 §2): upload with progress, the list
 * of attachments, insert inline (only an image can be inserted) and recover
 * (only when a body was kept after a failed save).
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
}: {
  noteId: string;
  communityId: string;
  attachments: AttachmentItem[];
  onUploaded: (item: AttachmentItem) => void;
  onInsert: (item: AttachmentItem) => void;
  canInsert: boolean;
  canRecover: boolean;
  onRecover: () => void;
}) => {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  // Attachments linked to the note (attach links), those in its body and those uploaded here.
  const connections = useConnections(noteId, true);
  const queryClient = useQueryClient();
  const linked = (connections.data?.from ?? [])
    .filter((link) => link.type === 'attach' && !link.other.missing)
    .map((link) => ({ _id: link.other._id, title: link.other.title, mime: '', url: null }));
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
          {attachments.map((item) => (
            <label key={item._id} className={styles.item} data-testid="attachment-item" data-mime={item.mime}>
              <input type="radio" name="attachment-choice" checked={selected === item._id} onChange={() => setSelected(item._id)} />
              <span className={styles.itemTitle}>{item.title}</span>
              <span className={styles.muted}>{item.mime || '—'}</span>
            </label>
          ))}
        </fieldset>
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
