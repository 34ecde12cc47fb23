import type { ViewLink, ViewRef } from '../canvas/model.ts';

/**
 * The list view of a view (issue 25 §3): its contributions as threads, each
 * build-on nested under the contribution it builds on, then by date. Pure
 * rules over the canvas's own data (refs and links), no React.
 */

export type ThreadNode = { ref: ViewRef; children: ThreadNode[] };

const time = (ref: ViewRef): number => {
  const at = Date.parse(ref._to.created);
  return Number.isFinite(at) ? at : 0;
};

/**
 * The threads of a view. A contribution placed twice shows once. A build-on
 * goes under the first contribution it builds on that is in the view (as its
 * card's name says); one whose parent is elsewhere starts a thread of its
 * own. A loop of build-ons (which the server does not make, but old data
 * may hold) is broken where it is entered, so every contribution shows once.
 */
export const threadTree = (refs: readonly ViewRef[], links: readonly ViewLink[]): ThreadNode[] => {
  // Oldest first (the order the discussion was written in); same time: by title, then id, so the order never flickers.
  // Each date read once: sorting thousands of refs would otherwise parse it at every comparison.
  const times = new Map(refs.map((ref) => [ref, time(ref)]));
  const order = (a: ViewRef, b: ViewRef) =>
    (times.get(a) ?? 0) - (times.get(b) ?? 0) || a._to.title.localeCompare(b._to.title) || a._id.localeCompare(b._id);

  const byContribution = new Map<string, ViewRef>();
  for (const ref of [...refs].sort(order)) if (!byContribution.has(ref.to)) byContribution.set(ref.to, ref);

  const parentOf = new Map<string, string>();
  for (const link of links) {
    if (link.type !== 'buildson' || link.from === link.to) continue;
    if (byContribution.has(link.from) && byContribution.has(link.to) && !parentOf.has(link.from)) parentOf.set(link.from, link.to);
  }
  // Children in date order: the contributions are visited oldest first.
  const childrenOf = new Map<string, ViewRef[]>();
  for (const ref of byContribution.values()) {
    const parent = parentOf.get(ref.to);
    if (parent === undefined) continue;
    const siblings = childrenOf.get(parent);
    if (siblings) siblings.push(ref);
    else childrenOf.set(parent, [ref]);
  }

  const placed = new Set<string>();
  // Iterative (no recursion on a thread's depth): each node's children are built when it is reached.
  const grow = (root: ViewRef): ThreadNode => {
    const top: ThreadNode = { ref: root, children: [] };
    placed.add(root.to);
    const stack: ThreadNode[] = [top];
    while (stack.length > 0) {
      const node = stack.pop() as ThreadNode;
      for (const child of childrenOf.get(node.ref.to) ?? []) {
        if (placed.has(child.to)) continue;
        placed.add(child.to);
        const grown: ThreadNode = { ref: child, children: [] };
        node.children.push(grown);
        stack.push(grown);
      }
    }
    return top;
  };

  // Roots come out in date order too.
  const roots: ThreadNode[] = [];
  for (const ref of byContribution.values()) if (!parentOf.has(ref.to)) roots.push(grow(ref));
  // What a loop kept from every root: start a thread at its oldest contribution.
  const looped: ThreadNode[] = [];
  for (const ref of byContribution.values()) if (!placed.has(ref.to)) looped.push(grow(ref));
  return looped.length === 0 ? roots : [...roots, ...looped].sort((a, b) => order(a.ref, b.ref));
};

/** One row of the tree as the keyboard walks it. */
export type VisibleItem = { id: string; parentId: string | null; level: number; hasChildren: boolean; expanded: boolean };

/** The rows shown, top to bottom: a collapsed thread hides its build-ons. Ids are the refs' ids. */
export const visibleItems = (tree: readonly ThreadNode[], collapsed: ReadonlySet<string>): VisibleItem[] => {
  const out: VisibleItem[] = [];
  const stack: { node: ThreadNode; parentId: string | null; level: number }[] = [...tree]
    .reverse()
    .map((node) => ({ node, parentId: null, level: 1 }));
  while (stack.length > 0) {
    const { node, parentId, level } = stack.pop() as (typeof stack)[number];
    const id = node.ref._id;
    const hasChildren = node.children.length > 0;
    const expanded = hasChildren && !collapsed.has(id);
    out.push({ id, parentId, level, hasChildren, expanded });
    if (expanded) for (const child of [...node.children].reverse()) stack.push({ node: child, parentId: id, level: level + 1 });
  }
  return out;
};

export type TreeMove = { focus: string } | { expand: string } | { collapse: string } | { open: string } | null;

/**
 * The tree's keys (the WAI-ARIA tree view pattern): Up and Down go row by
 * row; Right opens a closed thread, then goes to its first build-on; Left
 * closes an open thread, else goes to the note it builds on; Home and End
 * go to the first and last rows; Enter opens the contribution.
 */
export const treeKey = (items: readonly VisibleItem[], currentId: string, key: string): TreeMove => {
  const index = items.findIndex((item) => item.id === currentId);
  const item = items[index];
  if (!item) return null;
  const to = (other: VisibleItem | undefined): TreeMove => (other ? { focus: other.id } : null);
  switch (key) {
    case 'ArrowDown':
      return to(items[index + 1]);
    case 'ArrowUp':
      return to(items[index - 1]);
    case 'Home':
      return to(items[0]);
    case 'End':
      return to(items[items.length - 1]);
    case 'ArrowRight':
      if (!item.hasChildren) return null;
      return item.expanded ? to(items[index + 1]) : { expand: item.id };
    case 'ArrowLeft':
      if (item.expanded) return { collapse: item.id };
      return item.parentId ? { focus: item.parentId } : null;
    case 'Enter':
      return { open: item.id };
    default:
      return null;
  }
};
