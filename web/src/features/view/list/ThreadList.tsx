import { memo, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanvasProps } from '../canvas/Canvas.tsx';
import { refLook, type ViewLink, type ViewRef } from '../canvas/model.ts';
import { RefIcon } from '../canvas/RefIcon.tsx';
import { useAnnouncer, useArrivalAnnouncements } from '../canvas/useArrivalAnnouncements.ts';
import { useCoveredIds } from '../windows/useCoverInert.ts';
import { threadTree, treeKey, visibleItems, type ThreadNode } from './threads.ts';
import styles from './ThreadList.module.css';

export type ThreadListProps = {
  refs: readonly ViewRef[];
  links: readonly ViewLink[];
  onOpen: (ref: ViewRef) => void;
};

type ItemText = {
  kind: (ref: ViewRef) => string;
  read: (ref: ViewRef) => string;
  by: string;
  written: string;
  untitled: string;
  date: (iso: string) => string;
};

/**
 * The list view of a view (issue 25 §3): the same contributions as the
 * canvas, from the same live query, as threads — each build-on under what it
 * builds on, then by date — in a tree the keyboard walks as one Tab stop
 * (WAI-ARIA tree view: arrows, Home, End, Enter opens). Each row says its
 * title, type, authors, date and read state. Classmates' additions are
 * announced as on the canvas; what a window covers is skipped.
 */
export const ThreadList = ({ refs, links, onOpen }: ThreadListProps) => {
  const { t, i18n } = useTranslation();
  const tree = useMemo(() => threadTree(refs, links), [refs, links]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [focusId, setFocusId] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const covered = useCoveredIds(list, 'item-id');
  const { announcement, announce } = useAnnouncer();
  useArrivalAnnouncements(refs, announce);

  const all = useMemo(() => visibleItems(tree, collapsed), [tree, collapsed]);
  // What a window covers is not a stop (it cannot be seen): the keys go round it.
  const items = useMemo(() => (covered.size === 0 ? all : all.filter((item) => !covered.has(item.id))), [all, covered]);
  const tabStop = (focusId !== null && items.some((item) => item.id === focusId) ? focusId : items[0]?.id) ?? null;
  const byId = useMemo(() => new Map(refs.map((ref) => [ref._id, ref])), [refs]);

  const timeFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  const text: ItemText = useMemo(
    () => ({
      kind: (ref) => t(`canvas.kind.${refLook(ref).kind}`),
      read: (ref) => {
        const look = refLook(ref);
        return look.kind === 'note' || look.kind === 'riseabove' ? t(`canvas.read.${look.read}`) : '';
      },
      by: t('canvas.a11y.by'),
      written: t('canvas.list.written'),
      untitled: t('canvas.untitled'),
      date: (iso) => (Number.isFinite(Date.parse(iso)) ? timeFormat.format(new Date(iso)) : ''),
    }),
    [t, timeFormat],
  );

  const focusItem = (id: string) => {
    setFocusId(id);
    list.current?.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const id = (event.target as HTMLElement).closest<HTMLElement>('[data-item-id]')?.dataset.itemId;
    if (!id) return;
    const move = treeKey(items, id, event.key);
    if (!move) return;
    event.preventDefault();
    event.stopPropagation();
    if ('focus' in move) focusItem(move.focus);
    else if ('expand' in move) setCollapsed((before) => new Set([...before].filter((other) => other !== move.expand)));
    else if ('collapse' in move) setCollapsed((before) => new Set([...before, move.collapse]));
    else {
      const ref = byId.get(move.open);
      if (ref) onOpen(ref);
    }
  };

  return (
    <div className={styles.frame} data-testid="thread-list-frame">
      {tree.length === 0 ? (
        <p className={styles.empty} data-testid="thread-list-empty">
          {t('canvas.list.empty')}
        </p>
      ) : (
        <ul
          ref={list}
          className={styles.tree}
          role="tree"
          aria-label={t('canvas.list.label', { count: all.length })}
          onKeyDown={onKeyDown}
          onFocus={(event) => {
            const id = (event.target as HTMLElement).dataset.itemId;
            if (id) setFocusId(id);
          }}
          onClick={(event) => {
            const id = (event.target as HTMLElement).closest<HTMLElement>('[data-item-id]')?.dataset.itemId;
            const ref = id ? byId.get(id) : undefined;
            if (!ref || !id) return;
            setFocusId(id);
            onOpen(ref);
          }}
          data-testid="thread-list"
        >
          {tree.map((node, index) => (
            <ThreadItem
              key={node.ref._id}
              node={node}
              level={1}
              position={index + 1}
              size={tree.length}
              collapsed={collapsed}
              tabStop={tabStop}
              text={text}
            />
          ))}
        </ul>
      )}
      <p className="visually-hidden" aria-live="polite" data-testid="list-announcement">
        {announcement}
      </p>
    </div>
  );
};

/** One contribution and, nested, its build-ons. */
const ThreadItem = memo(function ThreadItem({
  node,
  level,
  position,
  size,
  collapsed,
  tabStop,
  text,
}: {
  node: ThreadNode;
  level: number;
  position: number;
  size: number;
  collapsed: ReadonlySet<string>;
  tabStop: string | null;
  text: ItemText;
}) {
  const { ref, children } = node;
  const target = ref._to;
  const open = children.length > 0 && !collapsed.has(ref._id);
  const title = target.title || text.untitled;
  const authors = target.authorNames.join(', ');
  const date = text.date(target.created);
  const read = text.read(ref);
  const details = [text.kind(ref), authors ? `${text.by} ${authors}` : '', date ? `${text.written} ${date}` : '', read].filter(Boolean);
  return (
    <li
      className={styles.item}
      role="treeitem"
      aria-level={level}
      aria-posinset={position}
      aria-setsize={size}
      aria-expanded={children.length > 0 ? open : undefined}
      aria-label={`${title} (${details.join(', ')})`}
      tabIndex={ref._id === tabStop ? 0 : -1}
      data-item-id={ref._id}
      data-title={target.title}
      data-read={target.read}
      data-testid="thread-item"
    >
      <div className={`${styles.row} ${read && target.read !== 'read' ? styles.unread : ''}`} aria-hidden="true">
        <RefIcon look={refLook(ref)} />
        <span className={styles.title}>{title}</span>
        <span className={styles.meta}>{[authors, date, read].filter(Boolean).join(' · ')}</span>
        {children.length > 0 && <span className={styles.count}>{open ? '▾' : `▸ ${children.length}`}</span>}
      </div>
      {open && (
        <ul className={styles.group} role="group">
          {children.map((child, index) => (
            <ThreadItem
              key={child.ref._id}
              node={child}
              level={level + 1}
              position={index + 1}
              size={children.length}
              collapsed={collapsed}
              tabStop={tabStop}
              text={text}
            />
          ))}
        </ul>
      )}
    </li>
  );
});

/** The list view where the canvas would be, given the canvas's own props (the view screen swaps one for the other). */
export const ThreadListSurface = ({ refs, links, onOpen }: CanvasProps) => <ThreadList refs={refs} links={links} onOpen={onOpen} />;
