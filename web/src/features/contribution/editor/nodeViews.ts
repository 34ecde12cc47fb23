import { DOMSerializer, type Node as PMNode } from 'prosemirror-model';
import type { EditorView, NodeView, ViewMutationRecord } from 'prosemirror-view';
import { maxInlineImageWidth } from '../../../../../contracts/noteSchema.ts';
import { supportClasses, supportToDOM } from '../../../../../contracts/supportMarkup.ts';
import { markSupport, type SupportTexts } from './supportAccessibility.ts';

/**
 * A support in the editor (issue 21 §3): its label, then the pupil's words
 * (the editable contentDOM), then its end mark; label and end mark are not
 * editable. The markup is the schema's own (KF6's markers, see
 * contracts/supportMarkup.ts), so the editor, the read view and the
 * clipboard draw a support alike. An empty support shows a placeholder after
 * the caret, drawn by the end mark, so it stays visible and easy to click in.
 * Hidden words say where it starts and ends to a screen reader (issue 25 §4,
 * supportAccessibility.ts); like the label, they are not editable.
 */
export class SupportView implements NodeView {
  dom: HTMLElement;
  contentDOM: HTMLElement;
  private node: PMNode;

  constructor(node: PMNode, placeholder: string, texts: SupportTexts) {
    this.node = node;
    const rendered = DOMSerializer.renderSpec(document, supportToDOM(node));
    this.dom = rendered.dom;
    this.contentDOM = rendered.contentDOM as HTMLElement;
    markSupport(this.dom, texts);
    for (const child of Array.from(this.dom.children)) {
      if (child === this.contentDOM) continue;
      (child as HTMLElement).contentEditable = 'false';
      // The ids are for KF6's markup; two editors of one note would repeat them.
      child.removeAttribute('id');
    }
    this.dom.querySelector(`.${supportClasses.end}`)?.setAttribute('data-placeholder', placeholder);
    this.markEmpty();
  }

  private markEmpty() {
    this.dom.classList.toggle('kf-support-empty', this.node.content.size === 0);
  }

  update(node: PMNode): boolean {
    // New attributes (a link id after a save, another label): drawn afresh.
    if (node.type !== this.node.type || !sameAttrs(node.attrs, this.node.attrs)) return false;
    this.node = node;
    this.markEmpty();
    return true;
  }

  selectNode() {
    this.dom.classList.add('ProseMirror-selectednode');
  }

  deselectNode() {
    this.dom.classList.remove('ProseMirror-selectednode');
  }

  /** Only the words are the document's: changes to the label and end mark (the class above) are ours. */
  ignoreMutation(mutation: ViewMutationRecord): boolean {
    if (mutation.type === 'selection') return false;
    return !this.contentDOM.contains(mutation.target);
  }
}

const sameAttrs = (a: Record<string, unknown>, b: Record<string, unknown>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => a[key] === b[key]);

/** Resolves an attachment id to an image URL the browser can show (or null). */
export type AttachmentResolver = (
  attachmentId: string,
) => Promise<{ src: string; title: string; isImage: boolean; description?: string } | null>;

/** An inline attachment: the image itself (at most 200 px wide), else its title. */
export class AttachmentRefView implements NodeView {
  dom: HTMLElement;

  constructor(node: PMNode, resolve: AttachmentResolver) {
    this.dom = document.createElement('span');
    this.dom.className = `kf-attachment inline-attachment ${node.attrs.attachmentId as string}`;
    this.dom.dataset.attachmentId = node.attrs.attachmentId as string;
    this.dom.contentEditable = 'false';
    this.dom.textContent = '…';
    void resolve(node.attrs.attachmentId as string)
      .then((found) => {
        this.dom.textContent = '';
        if (!found) {
          this.dom.textContent = '(missing link)';
          return;
        }
        if (found.isImage) {
          const img = document.createElement('img');
          img.src = found.src;
          // Its description is its text alternative (issue 25 §4), else its title.
          img.alt = found.description || found.title;
          img.style.maxWidth = `${maxInlineImageWidth}px`;
          this.dom.append(img);
        } else {
          const a = document.createElement('a');
          a.href = found.src;
          a.textContent = found.title;
          a.download = found.title;
          this.dom.append(a);
        }
      })
      .catch(() => {
        this.dom.textContent = '(missing link)';
      });
  }

  update(node: PMNode): boolean {
    return node.type.name === 'attachmentRef' && node.attrs.attachmentId === this.dom.dataset.attachmentId;
  }

  selectNode() {
    this.dom.classList.add('ProseMirror-selectednode');
  }

  deselectNode() {
    this.dom.classList.remove('ProseMirror-selectednode');
  }

  ignoreMutation() {
    return true;
  }
}

/** A file dropped or pasted as an image: scaled down to 200 px wide as a data URL. */
export const imageFileToDataUrl = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error('unreadable image'));
    reader.onload = () => {
      const source = typeof reader.result === 'string' ? reader.result : '';
      const img = new Image();
      img.onerror = () => reject(new Error('unreadable image'));
      img.onload = () => {
        const scale = Math.min(1, maxInlineImageWidth / (img.naturalWidth || maxInlineImageWidth));
        const canvas = document.createElement('canvas');
        canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
        canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
        const context = canvas.getContext('2d');
        if (!context) {
          resolve(source);
          return;
        }
        context.drawImage(img, 0, 0, canvas.width, canvas.height);
        resolve(canvas.toDataURL('image/png'));
      };
      img.src = source;
    };
    reader.readAsDataURL(file);
  });

export type EditorViewLike = EditorView;
