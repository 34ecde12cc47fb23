import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { useCommunityViews } from '../../../lib/community.ts';
import type { ViewLink, ViewRef } from '../canvas/model.ts';
import { Panel } from './Panel.tsx';
import styles from './Panels.module.css';

export type NoteNode = { ref: ViewRef; children: NoteNode[] };

/** The notes of the view as a build-on tree (a note's parent is the note it builds on). */
export const noteTree = (refs: readonly ViewRef[], links: readonly ViewLink[]): NoteNode[] => {
  const notes = new Map<string, ViewRef>();
  for (const ref of refs) if (ref._to.type === 'Note' && !notes.has(ref.to)) notes.set(ref.to, ref);
  const parentOf = new Map<string, string>();
  for (const link of links) {
    if (link.type === 'buildson' && notes.has(link.from) && notes.has(link.to) && link.from !== link.to) parentOf.set(link.from, link.to);
  }
  const nodes = new Map<string, NoteNode>([...notes].map(([id, ref]) => [id, { ref, children: [] }]));
  const roots: NoteNode[] = [];
  for (const [id, node] of nodes) {
    // Guard against cycles: walk up at most the number of notes.
    let parent = parentOf.get(id);
    let steps = 0;
    let cyclic = false;
    while (parent && steps++ < nodes.size) {
      if (parent === id) {
        cyclic = true;
        break;
      }
      parent = parentOf.get(parent);
    }
    const direct = parentOf.get(id);
    const parentNode = !cyclic && direct ? nodes.get(direct) : undefined;
    if (parentNode) parentNode.children.push(node);
    else roots.push(node);
  }
  return roots;
};

/**
 * The notes hierarchy (hierarchy plugin): tick notes, pick a view, "Élever"
 * makes a rise-above "Riseabove" there holding the ticked notes (they stay
 * where they are).
 */
export const HierarchyPanel = ({
  communityId,
  viewId,
  refs,
  links,
  onRiseabove,
  onClose,
}: {
  communityId: string;
  viewId: string;
  refs: readonly ViewRef[];
  links: readonly ViewLink[];
  onRiseabove: (targetViewId: string, notes: ViewRef[]) => Promise<boolean>;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const views = useCommunityViews(communityId);
  const [keyword, setKeyword] = useState('');
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [target, setTarget] = useState(viewId);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const tree = useMemo(() => noteTree(refs, links), [refs, links]);
  const word = keyword.trim().toLocaleLowerCase();

  const matches = (node: NoteNode): boolean =>
    !word || node.ref._to.title.toLocaleLowerCase().includes(word) || node.children.some(matches);

  const toggle = (contributionId: string) => {
    const next = new Set(checked);
    if (next.has(contributionId)) next.delete(contributionId);
    else next.add(contributionId);
    setChecked(next);
  };

  const render = (nodes: NoteNode[], root = false): ReactNode => (
    <ul className={`${styles.tree} ${root ? styles.treeRoot : ''}`}>
      {nodes.filter(matches).map((node) => (
        <li key={node.ref._id}>
          <label className={styles.check}>
            <input type="checkbox" checked={checked.has(node.ref.to)} onChange={() => toggle(node.ref.to)} data-testid="hierarchy-note" />
            <span className={styles.rowTitle}>{node.ref._to.title || t('canvas.untitled')}</span>
          </label>
          {node.children.length > 0 && render(node.children)}
        </li>
      ))}
    </ul>
  );

  const handleRise = async () => {
    if (!target) return setMessage({ tone: 'error', text: t('canvas.hierarchy.selectView') });
    const notes = refs.filter((ref) => checked.has(ref.to) && ref._to.type === 'Note');
    if (notes.length === 0) return setMessage({ tone: 'error', text: t('canvas.hierarchy.selectNotes') });
    setMessage(null);
    if (await onRiseabove(target, notes)) {
      setChecked(new Set());
      setMessage({ tone: 'success', text: t('canvas.hierarchy.done', { count: notes.length }) });
    }
  };

  return (
    <Panel title={t('canvas.panels.hierarchy')} onClose={onClose} testId="panel-hierarchy">
      <div className={styles.field}>
        <label htmlFor={`${id}-kw`}>{t('canvas.hierarchy.keyword')}</label>
        <input id={`${id}-kw`} className={styles.input} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      </div>
      {tree.length === 0 ? <p className={styles.hint}>{t('canvas.hierarchy.none')}</p> : render(tree, true)}
      <div className={styles.field}>
        <label htmlFor={`${id}-view`}>{t('canvas.hierarchy.view')}</label>
        <select
          id={`${id}-view`}
          className={styles.input}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          data-testid="hierarchy-view"
        >
          <option value="">—</option>
          {(views.data ?? []).map((view) => (
            <option key={view._id} value={view._id}>
              {view.title}
            </option>
          ))}
        </select>
      </div>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <div className={styles.actions}>
        <Button onClick={() => void handleRise()} data-testid="hierarchy-rise">
          {t('canvas.hierarchy.rise')}
        </Button>
      </div>
    </Panel>
  );
};
