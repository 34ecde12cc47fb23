import { dataOf, descriptionOf } from '../../../../../contracts/contributionData.ts';
import { Download, MessageSquarePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoComment } from '../../../../../contracts/api/objects.ts';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/Field.tsx';
import { api } from '../../../lib/api.ts';
import type { ObjectReply } from '../api/objects.ts';
import { urls } from '../api/urls.ts';
import { altTextOf, attachmentDataOf, fileUrl, isImage, isVideo } from './resolve.ts';
import styles from './Attachments.module.css';

const clock = (seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** An attachment read: image, video player with time-tagged comments, or a download link; its versions. */
export const AttachmentView = ({ object, authorName }: { object: ObjectReply; authorName: (id: string) => string }) => {
  const { t } = useTranslation();
  const data = attachmentDataOf(object);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement | null>(null);
  const stored = dataOf(object, 'Attachment');
  const [comments, setComments] = useState<VideoComment[]>(() => (Array.isArray(stored?.videoComments) ? stored.videoComments : []));
  const [comment, setComment] = useState('');
  const descriptionId = useId();
  const versions = Array.isArray(stored?.versions) ? stored.versions : [];

  useEffect(() => {
    if (!data.url) return;
    let cancelled = false;
    const load = async () => {
      if (isVideo(data.mime)) {
        // Playback links come from the server and expire after 600 s.
        try {
          const link = await api.request<{ url: string; expires: number }>(urls.playback(object._id), {
            method: 'POST',
            body: { version: data.version },
          });
          if (!cancelled) setSrc(link.url);
          return;
        } catch {
          // fall back to the protected file
        }
      }
      const url = await fileUrl(data.url ?? '');
      if (!cancelled) setSrc(url);
    };
    load().catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [data.url, data.mime, data.version, object._id]);

  const addComment = async (event: FormEvent) => {
    event.preventDefault();
    const text = comment.trim();
    if (!text) return;
    const time = video.current?.currentTime ?? 0;
    const reply = await api.request<VideoComment>(urls.videoComments(object._id), { method: 'POST', body: { time, comment: text } });
    setComments((list) => [...list.filter((c) => c.id !== reply.id), reply]);
    setComment('');
  };

  if (!data.url) return <p className={styles.muted}>{t('contribution.attachments.notUploaded')}</p>;
  return (
    <div className={styles.viewer} data-testid="attachment-view">
      {failed && <p className={styles.muted}>{t('contribution.attachments.unavailable')}</p>}
      {src && isImage(data.mime) && <img className={styles.image} src={src} alt={altTextOf(object)} data-testid="attachment-image" />}
      {src && isVideo(data.mime) && (
        <div className={styles.videoBlock}>
          <video ref={video} className={styles.video} src={src} controls data-testid="attachment-video">
            <track kind="captions" />
          </video>
          <ol className={styles.comments} aria-label={t('contribution.attachments.comments')}>
            {[...comments]
              .sort((a, b) => a.time - b.time)
              .map((c) => (
                <li key={c.id}>
                  <button type="button" className={styles.timeLink} onClick={() => video.current && (video.current.currentTime = c.time)}>
                    {clock(c.time)}
                  </button>{' '}
                  <strong>{authorName(c.authorId)}</strong> {c.comment}
                </li>
              ))}
          </ol>
          <form className={styles.commentForm} onSubmit={(event) => void addComment(event)}>
            <TextField
              label={t('contribution.attachments.comment')}
              name="video-comment"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
            <Button type="submit" variant="secondary">
              <MessageSquarePlus size={18} aria-hidden="true" />
              {t('contribution.attachments.addComment')}
            </Button>
          </form>
        </div>
      )}
      {src && !isImage(data.mime) && !isVideo(data.mime) && (
        <a
          className={styles.download}
          href={src}
          download={data.filename}
          {...(descriptionOf(object) ? { 'aria-describedby': descriptionId } : {})}
        >
          <Download size={18} aria-hidden="true" />
          {data.filename}
        </a>
      )}
      {/* A file (not a picture) shows its description under its link; a picture's is its alt text. */}
      {!isImage(data.mime) && descriptionOf(object) && (
        <p id={descriptionId} className={styles.muted} data-testid="attachment-description">
          {descriptionOf(object)}
        </p>
      )}
      {versions.length > 0 && (
        <section>
          <h3 className={styles.heading}>{t('contribution.attachments.versions')}</h3>
          <ul className={styles.versions} data-testid="attachment-versions">
            {versions.map((v) => (
              <li
                key={v.version}
              >{`v${v.version} · ${v.filename} · ${Math.max(1, Math.round(v.size / 1024))} kB${v.uploaded ? ` · ${new Date(v.uploaded).toLocaleString()}` : ''}`}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
};
