import { FolderTree, LayoutDashboard, List, Pencil, Check, Trash2 } from 'lucide-react';
import { useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { useMyAuthor } from '../../../lib/community.ts';
import { useViewMutations, useViewTree, type ViewTreeNode } from '../api/views.ts';
import { flattenTree, hierarchyModeKey, isInside, readHierarchyMode } from '../model.ts';
import styles from './ViewManager.module.css';

const dragType = 'application/x-buildon-viewmanager';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export type ViewManagerProps = {
  communityId: string;
  /** Highlighted as "this view". */
  currentViewId?: string;
  /** Inside the canvas's panel: no page heading. */
  compact?: boolean;
};

/**
 * The view manager (spec part 2 §2): add a view by title (an empty title is
 * ignored), delete with confirmation, drag a view under another (managers),
 * hierarchy or list mode (kept in local storage), edit mode "Éditer"/"Terminé".
 */
export const ViewManager = ({ communityId, currentViewId, compact = false }: ViewManagerProps) => {
  const { t } = useTranslation();
  const tree = useViewTree(communityId);
  const me = useMyAuthor(communityId);
  const { add, remove, reparent } = useViewMutations(communityId);
  const [hierarchy, setHierarchy] = useState(() => readHierarchyMode(storage()));
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const isManager = me.data?.role === 'manager';
  const canDrag = editing && isManager && hierarchy;

  const setMode = (value: boolean) => {
    setHierarchy(value);
    try {
      storage()?.setItem(hierarchyModeKey, String(value));
    } catch {
      // storage unavailable: the mode still applies now
    }
  };

  const fail = (failure: unknown) => setError(serverMessage(failure) ?? t('common.genericError'));

  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    const value = title.trim();
    if (!value) return; // an empty title is ignored (spec part 2 §2)
    setError(null);
    add.mutate(value, { onSuccess: () => setTitle(''), onError: fail });
  };

  const handleDelete = (node: ViewTreeNode) => {
    if (!window.confirm(t('canvas.viewManager.confirmDelete', { title: node.title }))) return;
    setError(null);
    remove.mutate(node._id, { onError: fail });
  };

  const findNode = (id: string, list: readonly ViewTreeNode[] = tree.data?.nodes ?? []): ViewTreeNode | null => {
    for (const node of list) {
      if (node._id === id) return node;
      const found = findNode(id, node.children);
      if (found) return found;
    }
    return null;
  };

  const handleDrop = (parentId: string | null) => (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setDropTarget(null);
    const raw = event.dataTransfer.getData(dragType);
    if (!raw) return;
    const { viewId, oldParentId } = JSON.parse(raw) as { viewId: string; oldParentId: string | null };
    const node = findNode(viewId);
    if (!node || viewId === parentId || parentId === oldParentId || (parentId && isInside(node, parentId))) return;
    setError(null);
    reparent.mutate({ viewId, parentId, oldParentId }, { onError: fail });
  };

  const dropProps = (parentId: string | null, key: string) =>
    canDrag
      ? {
          onDragOver: (event: DragEvent) => {
            if (!Array.from(event.dataTransfer.types).includes(dragType)) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            if (dropTarget !== key) setDropTarget(key);
          },
          onDragLeave: () => setDropTarget((current) => (current === key ? null : current)),
          onDrop: handleDrop(parentId),
        }
      : {};

  const row = (node: ViewTreeNode, parentId: string | null) => (
    <div
      className={`${styles.row} ${node._id === currentViewId ? styles.current : ''} ${dropTarget === node._id ? styles.dropTarget : ''}`}
      draggable={canDrag}
      onDragStart={(event) => {
        event.dataTransfer.setData(dragType, JSON.stringify({ viewId: node._id, oldParentId: parentId }));
        event.dataTransfer.effectAllowed = 'move';
      }}
      {...dropProps(node._id, node._id)}
      data-testid="vm-row"
      data-title={node.title}
    >
      <LayoutDashboard size={16} aria-hidden="true" className={styles.rowIcon} />
      <Link className={styles.rowLink} to={`/view/${node._id}`} aria-current={node._id === currentViewId ? 'page' : undefined}>
        {node.title}
      </Link>
      {node.permission === 'private' && <span className={styles.tag}>{t('canvas.viewManager.private')}</span>}
      {editing && (
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => handleDelete(node)}
          aria-label={t('canvas.viewManager.delete', { title: node.title })}
          title={t('canvas.viewManager.delete', { title: node.title })}
          data-testid="vm-delete"
        >
          <Trash2 size={16} aria-hidden="true" />
        </button>
      )}
    </div>
  );

  const renderTree = (nodes: readonly ViewTreeNode[], parentId: string | null, depth = 0): ReactNode => (
    <ul className={depth === 0 ? styles.tree : styles.subtree}>
      {nodes.map((node) => (
        <li key={`${parentId ?? 'root'}-${node._id}`}>
          {row(node, parentId)}
          {node.children.length > 0 && depth < 12 && renderTree(node.children, node._id, depth + 1)}
        </li>
      ))}
    </ul>
  );

  const nodes = tree.data?.nodes ?? [];
  return (
    <div className={styles.manager} data-testid="view-manager">
      <div className={styles.bar}>
        <div className={styles.modes} role="group" aria-label={t('canvas.viewManager.mode')}>
          <button
            type="button"
            className={`${styles.mode} ${hierarchy ? styles.modeOn : ''}`}
            aria-pressed={hierarchy}
            onClick={() => setMode(true)}
            data-testid="vm-hierarchy"
          >
            <FolderTree size={16} aria-hidden="true" />
            {t('canvas.viewManager.hierarchy')}
          </button>
          <button
            type="button"
            className={`${styles.mode} ${!hierarchy ? styles.modeOn : ''}`}
            aria-pressed={!hierarchy}
            onClick={() => setMode(false)}
            data-testid="vm-list"
          >
            <List size={16} aria-hidden="true" />
            {t('canvas.viewManager.list')}
          </button>
        </div>
        {isManager && (
          <Button variant={editing ? 'primary' : 'secondary'} onClick={() => setEditing(!editing)} data-testid="vm-edit">
            {editing ? <Check size={16} aria-hidden="true" /> : <Pencil size={16} aria-hidden="true" />}
            {editing ? t('canvas.viewManager.done') : t('canvas.viewManager.edit')}
          </Button>
        )}
      </div>
      <form className={styles.add} onSubmit={handleAdd}>
        <label htmlFor={`vm-title-${communityId}${compact ? '-panel' : ''}`} className={styles.addLabel}>
          {t('canvas.viewManager.newTitle')}
        </label>
        <div className={styles.addRow}>
          <input
            id={`vm-title-${communityId}${compact ? '-panel' : ''}`}
            className={styles.input}
            value={title}
            maxLength={500}
            onChange={(e) => setTitle(e.target.value)}
            data-testid="vm-title"
          />
          <Button type="submit" variant="secondary" disabled={add.isPending} data-testid="vm-add">
            {t('canvas.viewManager.add')}
          </Button>
        </div>
      </form>
      {error && (
        <Alert tone="error" testId="vm-error">
          {error}
        </Alert>
      )}
      {canDrag && (
        <div
          className={`${styles.topZone} ${dropTarget === '__top' ? styles.dropTarget : ''}`}
          {...dropProps(null, '__top')}
          data-testid="vm-top"
        >
          {t('canvas.viewManager.dropTop')}
        </div>
      )}
      {tree.isPending && <p className={styles.hint}>{t('canvas.loading')}</p>}
      {tree.isError && <Alert tone="error">{serverMessage(tree.error) ?? t('common.genericError')}</Alert>}
      {hierarchy ? (
        renderTree(nodes, null)
      ) : (
        <ul className={styles.tree}>
          {flattenTree(nodes).map((node) => (
            <li key={node._id}>{row(node, null)}</li>
          ))}
        </ul>
      )}
      {editing && isManager && hierarchy && <p className={styles.hint}>{t('canvas.viewManager.dragHint')}</p>}
    </div>
  );
};
