import { useTranslation } from 'react-i18next';
import type { ObjectReply } from '../api/objects.ts';
import { AnnotatedBody } from '../annotations/AnnotatedBody.tsx';
import { PromisingIdeaMarker } from '../promising/PromisingIdeaMarker.tsx';
import { AttachmentView } from '../attachments/AttachmentView.tsx';
import { altTextOf, resolveAttachment } from '../attachments/resolve.ts';
import { svgDataUrl } from '../drawing/svg.ts';
import { DocView } from '../editor/DocView.tsx';
import styles from './Tabs.module.css';
import { authorLabel, typeName } from '../labels.ts';

/** The Read tab: the body (notes), the preview (drawings, at most 300 px wide) or the file (attachments). */
export const ReadTab = ({ object }: { object: ObjectReply }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.replace('_', '-');
  const authorName = (id: string) => {
    const found = object.authorNames.find((a) => a._id === id);
    return found ? authorLabel(t, found) : '?';
  };
  return (
    <article className={styles.read} data-testid="read-tab">
      <p className={styles.meta}>
        <span data-testid="read-authors">
          {object.authorNames.map((a) => authorLabel(t, a)).join(', ') || t('contribution.spec.missingAuthors')}
        </span>
        <span>{t('contribution.read.created', { date: new Date(object.created).toLocaleString(locale) })}</span>
        {object.modified !== object.created && (
          <span>{t('contribution.read.modified', { date: new Date(object.modified).toLocaleString(locale) })}</span>
        )}
      </p>
      {object.type === 'Note' && (
        <>
          <PromisingIdeaMarker object={object}>
            <AnnotatedBody object={object}>
              <DocView body={object.data.body} resolveAttachment={resolveAttachment} testId="read-body" />
            </AnnotatedBody>
          </PromisingIdeaMarker>
          <p className={styles.meta}>
            {object.keywords.length > 0 && (
              <span data-testid="read-keywords">{t('contribution.keywords.line', { list: object.keywords.join('; ') })}</span>
            )}
            <span data-testid="read-wordcount">{t('contribution.wordCount', { count: object.wordCount })}</span>
          </p>
        </>
      )}
      {object.type === 'Drawing' && (
        <img
          className={styles.drawingPreview}
          src={svgDataUrl(typeof object.data.svg === 'string' ? object.data.svg : '')}
          alt={altTextOf(object)}
          data-testid="drawing-preview"
        />
      )}
      {object.type === 'Attachment' && <AttachmentView object={object} authorName={authorName} />}
      {!['Note', 'Drawing', 'Attachment'].includes(object.type) && <p className={styles.muted}>{typeName(t, object.type)}</p>}
    </article>
  );
};
