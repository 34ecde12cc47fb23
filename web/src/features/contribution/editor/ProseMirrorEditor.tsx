import type { Node as PMNode } from 'prosemirror-model';
import { NodeSelection } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import 'prosemirror-view/style/prosemirror.css';
import { useEffect, useRef, type MutableRefObject } from 'react';
import { droppedImageWidth } from '../../../../../contracts/noteSchema.ts';
import { schema } from './commands.ts';
import { createEditorState } from './setup.ts';
import { AttachmentRefView, imageFileToDataUrl, SupportView, type AttachmentResolver } from './nodeViews.ts';
import styles from './Editor.module.css';

export type ProseMirrorEditorProps = {
  initial: unknown;
  viewRef: MutableRefObject<EditorView | null>;
  onChange: (doc: PMNode, view: EditorView) => void;
  onSupportDoubleClick?: (pos: number, node: PMNode) => void;
  resolveAttachment: AttachmentResolver;
  /** Accessible name of the text area. */
  label: string;
  editable?: boolean;
};

/** The note's rich-text editor (the shared schema of contracts/noteSchema.ts). */
export const ProseMirrorEditor = ({ initial, viewRef, onChange, onSupportDoubleClick, resolveAttachment, label, editable = true }: ProseMirrorEditorProps) => {
  const host = useRef<HTMLDivElement | null>(null);
  const latest = useRef({ onChange, onSupportDoubleClick, resolveAttachment });
  latest.current = { onChange, onSupportDoubleClick, resolveAttachment };

  useEffect(() => {
    if (!host.current) return undefined;
    const view: EditorView = new EditorView(host.current, {
      state: createEditorState(initial),
      editable: () => editable,
      attributes: {
        class: styles.prose ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'data-testid': 'note-editor',
      },
      nodeViews: {
        support: (node) => new SupportView(node),
        attachmentRef: (node) => new AttachmentRefView(node, (id) => latest.current.resolveAttachment(id)),
      },
      // Typing over a selected support (or reference) replaces the whole unit.
      handleKeyPress: (keyView, event) => {
        const { selection } = keyView.state;
        if (!(selection instanceof NodeSelection) || !selection.node.isInline) return false;
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return false;
        keyView.dispatch(keyView.state.tr.insertText(event.key).scrollIntoView());
        return true;
      },
      handleDoubleClickOn: (_view, _pos, node, nodePos) => {
        if (node.type.name !== 'support') return false;
        latest.current.onSupportDoubleClick?.(nodePos, node);
        return true;
      },
      handleDrop: (dropView, event) => {
        const files = [...(event.dataTransfer?.files ?? [])].filter((file) => file.type.startsWith('image/'));
        if (files.length === 0) return false;
        event.preventDefault();
        const at = dropView.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? dropView.state.selection.from;
        void insertImages(dropView, files, at);
        return true;
      },
      handlePaste: (pasteView, event) => {
        const files = [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith('image/'));
        if (files.length === 0) return false;
        void insertImages(pasteView, files, pasteView.state.selection.from);
        return true;
      },
      dispatchTransaction(tr) {
        const next = view.state.apply(tr);
        view.updateState(next);
        // The selected text, for tests and assistive tooling that watch the editor.
        const { from, to, empty } = next.selection;
        host.current?.setAttribute('data-selection', empty ? '' : next.doc.textBetween(from, to, ' ', ' ').slice(0, 200));
        host.current?.setAttribute('data-position', `${from}:${to}:${next.doc.content.size}`);
        latest.current.onChange(next.doc, view);
      },
    });
    viewRef.current = view;
    latest.current.onChange(view.state.doc, view);
    return () => {
      view.destroy();
      if (viewRef.current === view) viewRef.current = null;
    };
    // The editor is created once per mount; later content comes through viewRef.
  }, []);

  return <div ref={host} className={styles.editorHost} />;
};

/** Dropped or pasted images go in as data URLs, 100 px wide (spec part 1 §9). */
const insertImages = async (view: EditorView, files: File[], at: number) => {
  for (const file of files) {
    try {
      const src = await imageFileToDataUrl(file);
      const node = schema.nodes.image!.create({ src, alt: file.name, width: droppedImageWidth });
      const pos = Math.min(at, view.state.doc.content.size);
      view.dispatch(view.state.tr.insert(pos, node));
    } catch {
      // an unreadable file is ignored
    }
  }
};
