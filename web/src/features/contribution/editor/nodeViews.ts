import type { Node as PMNode } from 'prosemirror-model';
import type { EditorView, NodeView } from 'prosemirror-view';
import { maxInlineImageWidth } from '../../../../../contracts/noteSchema.ts';

/**
 * A support as one uneditable unit: label, words, end mark. Its words stay in
 * the document (word count, search); a double click edits them.
 */
export class SupportView implements NodeView {
  dom: HTMLElement;
  private label: HTMLElement;
  private words: HTMLElement;

  constructor(node: PMNode) {
    this.dom = document.createElement('span');
    this.dom.className = 'kf-support';
    this.dom.contentEditable = 'false';
    this.label = document.createElement('span');
    this.label.className = 'kf-support-label';
    this.words = document.createElement('span');
    this.words.className = 'kf-support-words';
    const end = document.createElement('span');
    end.className = 'kf-support-end';
    end.setAttribute('aria-hidden', 'true');
    this.dom.append(this.label, this.words, end);
    this.render(node);
  }

  private render(node: PMNode) {
    this.dom.dataset.supportId = node.attrs.supportId as string;
    this.dom.dataset.title = node.attrs.title as string;
    this.label.textContent = node.attrs.title as string;
    this.words.textContent = node.textContent;
  }

  update(node: PMNode): boolean {
    if (node.type.name !== 'support') return false;
    this.render(node);
    return true;
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

/** Resolves an attachment id to an image URL the browser can show (or null). */
export type AttachmentResolver = (attachmentId: string) => Promise<{ src: string; title: string; isImage: boolean } | null>;

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
          img.alt = found.title;
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
