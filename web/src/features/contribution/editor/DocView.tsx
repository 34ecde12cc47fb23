import { DOMSerializer } from 'prosemirror-model';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { docFromJson } from './setup.ts';
import { schema } from './commands.ts';
import type { AttachmentResolver } from './nodeViews.ts';
import { markSupports } from './supportAccessibility.ts';
import styles from './Editor.module.css';

/** A note body shown read-only, through the schema's own rendering (attributes are validated). */
export const DocView = ({
  body,
  resolveAttachment,
  testId,
}: {
  body: unknown;
  resolveAttachment?: AttachmentResolver;
  testId?: string;
}) => {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement | null>(null);
  const srStart = t('contribution.scaffolds.srStart');
  const srEnd = t('contribution.scaffolds.srEnd');
  useEffect(() => {
    const target = host.current;
    if (!target) return;
    const doc = docFromJson(body);
    const fragment = DOMSerializer.fromSchema(schema).serializeFragment(doc.content);
    target.replaceChildren(fragment);
    // Supports come out labelled by the schema (label, words, end mark: KF6's markup), plus their start and end
    // in words for a screen reader (issue 25 §4); inline attachments show their image.
    markSupports(target, { start: srStart, end: srEnd });
    if (resolveAttachment) {
      target.querySelectorAll<HTMLElement>('span.kf-attachment').forEach((span) => {
        const id = span.dataset.attachmentId;
        if (!id) return;
        void resolveAttachment(id).then((found) => {
          if (!found) {
            span.textContent = '(missing link)';
            return;
          }
          if (found.isImage) {
            const img = document.createElement('img');
            img.src = found.src;
            img.alt = found.description || found.title;
            img.style.maxWidth = '200px';
            span.replaceChildren(img);
          } else {
            const a = document.createElement('a');
            a.href = found.src;
            a.download = found.title;
            a.textContent = found.title;
            span.replaceChildren(a);
          }
        });
      });
    }
  }, [body, resolveAttachment, srStart, srEnd]);
  return <div ref={host} className={`${styles.prose} ${styles.readOnly}`} data-testid={testId} />;
};
