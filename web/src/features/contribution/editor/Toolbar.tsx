import { redo, undo } from 'prosemirror-history';
import type { Command, EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { Bold, Heading2, Italic, Link2, List, ListOrdered, Quote, Redo2, Strikethrough, Underline, Undo2 } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { markActive, schema, setHeading, setLink, toggle, toggleList } from './commands.ts';
import styles from './Editor.module.css';

type Item = {
  id: string;
  label: string;
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
  run: Command | (() => void);
  active?: (state: EditorState) => boolean;
  direct?: boolean;
};

/** Formatting buttons above the note editor (keyboard: Mod-B, Mod-I, Mod-U, Mod-Z …). */
export const Toolbar = ({ view, state, onReference }: { view: EditorView | null; state: EditorState | null; onReference: () => void }) => {
  const { t } = useTranslation();
  const inHeading = (s: EditorState) => s.selection.$from.parent.type === schema.nodes.heading;
  const items: Item[] = [
    {
      id: 'bold',
      label: t('contribution.toolbar.bold'),
      Icon: Bold,
      run: toggle('strong'),
      active: (s) => markActive(s, schema.marks.strong!),
    },
    {
      id: 'italic',
      label: t('contribution.toolbar.italic'),
      Icon: Italic,
      run: toggle('em'),
      active: (s) => markActive(s, schema.marks.em!),
    },
    {
      id: 'underline',
      label: t('contribution.toolbar.underline'),
      Icon: Underline,
      run: toggle('underline'),
      active: (s) => markActive(s, schema.marks.underline!),
    },
    {
      id: 'strike',
      label: t('contribution.toolbar.strike'),
      Icon: Strikethrough,
      run: toggle('strike'),
      active: (s) => markActive(s, schema.marks.strike!),
    },
    {
      id: 'heading',
      label: t('contribution.toolbar.heading'),
      Icon: Heading2,
      run: (s, d) => setHeading(inHeading(s) ? null : 2)(s, d),
      active: inHeading,
    },
    { id: 'bullets', label: t('contribution.toolbar.bulletList'), Icon: List, run: toggleList('bullet_list') },
    { id: 'numbers', label: t('contribution.toolbar.orderedList'), Icon: ListOrdered, run: toggleList('ordered_list') },
    {
      id: 'link',
      label: t('contribution.toolbar.link'),
      Icon: Link2,
      direct: true,
      run: () => {
        if (!view) return;
        const href = window.prompt(t('contribution.toolbar.linkPrompt'), 'https://');
        if (href === null) return;
        setLink(href.trim())(view.state, view.dispatch);
        view.focus();
      },
    },
    { id: 'reference', label: t('contribution.toolbar.reference'), Icon: Quote, direct: true, run: onReference },
    { id: 'undo', label: t('contribution.toolbar.undo'), Icon: Undo2, run: undo },
    { id: 'redo', label: t('contribution.toolbar.redo'), Icon: Redo2, run: redo },
  ];
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('contribution.toolbar.label')}>
      {items.map(({ id, label, Icon, run, active, direct }) => {
        const on = Boolean(state && active?.(state));
        return (
          <button
            key={id}
            type="button"
            className={`${styles.toolButton} ${on ? styles.toolOn : ''}`}
            aria-label={label}
            title={label}
            aria-pressed={active ? on : undefined}
            data-testid={`tool-${id}`}
            disabled={!view}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (!view) return;
              if (direct) (run as () => void)();
              else {
                (run as Command)(view.state, view.dispatch, view);
                view.focus();
              }
            }}
          >
            <Icon size={18} aria-hidden="true" />
          </button>
        );
      })}
    </div>
  );
};
