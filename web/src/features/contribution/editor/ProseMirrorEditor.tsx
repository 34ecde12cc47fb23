import type { Node as PMNode } from 'prosemirror-model';
import { NodeSelection, TextSelection } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import 'prosemirror-view/style/prosemirror.css';
import { useEffect, useRef, type MutableRefObject } from 'react';
import { droppedImageWidth } from '../../../../../contracts/noteSchema.ts';
import { closeSupportsAtEdges, inlinePointNear, resolvePastedSupports, schema, typeText, typingAtSupport } from './commands.ts';
import { createEditorState } from './setup.ts';
import { AttachmentRefView, imageFileToDataUrl, SupportView, type AttachmentResolver } from './nodeViews.ts';
import type { SupportTexts } from './supportAccessibility.ts';
import styles from './Editor.module.css';

export type ProseMirrorEditorProps = {
  initial: unknown;
  viewRef: MutableRefObject<EditorView | null>;
  onChange: (doc: PMNode, view: EditorView) => void;
  resolveAttachment: AttachmentResolver;
  /** Shown in an empty support, after the caret. */
  supportPlaceholder: string;
  /** What a screen reader hears at a support's start and end (supportAccessibility.ts). */
  supportTexts: SupportTexts;
  /** The supports offered here: pasted supports are matched to them (see `resolvePastedSupports`). */
  knownSupports: () => readonly { _id: string; title: string }[];
  /** Accessible name of the text area. */
  label: string;
  editable?: boolean;
};

/** The note's rich-text editor (the shared schema of contracts/noteSchema.ts). */
export const ProseMirrorEditor = ({
  initial,
  viewRef,
  onChange,
  resolveAttachment,
  supportPlaceholder,
  supportTexts,
  knownSupports,
  label,
  editable = true,
}: ProseMirrorEditorProps) => {
  const host = useRef<HTMLDivElement | null>(null);
  const latest = useRef({ onChange, resolveAttachment, supportPlaceholder, supportTexts, knownSupports });
  latest.current = { onChange, resolveAttachment, supportPlaceholder, supportTexts, knownSupports };
  // Whether the HTML being pasted came from outside Buildon (set by transformPastedHTML, read by transformPasted).
  const foreignPaste = useRef(false);

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
        support: (node) => new SupportView(node, latest.current.supportPlaceholder, latest.current.supportTexts),
        attachmentRef: (node) => new AttachmentRefView(node, (id) => latest.current.resolveAttachment(id)),
      },
      // Typing over a selected support (or reference) replaces the whole unit; typing in or at a
      // support goes through the document, not the browser's DOM editing (see typingAtSupport).
      handleKeyPress: (keyView, event) => {
        const { state } = keyView;
        const unitSelected = state.selection instanceof NodeSelection && state.selection.node.isInline;
        if (!unitSelected && !typingAtSupport(state)) return false;
        if ([...event.key].length !== 1 || (event.ctrlKey && !event.altKey) || event.metaKey) return false;
        return typeText(event.key)(state, keyView.dispatch);
      },
      handleDOMEvents: {
        // Keyboards that send no keypress (on-screen ones) insert through beforeinput.
        beforeinput: (inputView, event) => {
          if (event.inputType !== 'insertText' || !event.data || !typingAtSupport(inputView.state)) return false;
          event.preventDefault();
          return typeText(event.data)(inputView.state, inputView.dispatch);
        },
      },
      // A click on a support's label or end mark puts the caret at the end of its words (Ctrl/Cmd+click selects it whole).
      handleClickOn: (clickView, _pos, node, nodePos, event, direct) => {
        if (!direct || node.type.name !== 'support' || event.ctrlKey || event.metaKey || event.shiftKey) return false;
        const target = event.target instanceof Element ? event.target : null;
        if (!target || target.closest('.kf-support-words') || !target.closest('.kf-support')) return false;
        clickView.dispatch(clickView.state.tr.setSelection(TextSelection.create(clickView.state.doc, nodePos + node.nodeSize - 1)));
        clickView.focus();
        return true;
      },
      transformPastedHTML: (html) => {
        // ProseMirror marks its own clipboard HTML with data-pm-slice (how open the copied slice is).
        foreignPaste.current = !html.includes('data-pm-slice');
        return html;
      },
      transformPasted: (slice) => {
        const whole = foreignPaste.current ? closeSupportsAtEdges(slice) : slice;
        foreignPaste.current = false;
        return resolvePastedSupports(whole, latest.current.knownSupports());
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
      const pos = inlinePointNear(view.state.doc, Math.min(at, view.state.doc.content.size));
      view.dispatch(view.state.tr.insert(pos, node));
    } catch {
      // an unreadable file is ignored
    }
  }
};
