import type { ViewTreeNode } from '../../../../contracts/api/canvas.ts';

/** The preference key: hierarchy mode unless it says 'false' (spec part 2 §2 View manager). */
export const hierarchyModeKey = 'buildon.viewmanager.hierarchy';

export const readHierarchyMode = (storage: Pick<Storage, 'getItem'> | null): boolean => {
  try {
    return storage?.getItem(hierarchyModeKey) !== 'false';
  } catch {
    return true;
  }
};

/** Every node once, depth-first, for the list mode (a view under two parents is listed once). */
export const flattenTree = (nodes: readonly ViewTreeNode[]): ViewTreeNode[] => {
  const seen = new Set<string>();
  const out: ViewTreeNode[] = [];
  const walk = (list: readonly ViewTreeNode[]) => {
    for (const node of list) {
      if (!seen.has(node._id)) {
        seen.add(node._id);
        out.push(node);
      }
      walk(node.children);
    }
  };
  walk(nodes);
  return out.sort((a, b) => a.title.localeCompare(b.title));
};

/** A view may not be dropped into itself or one of its descendants. */
export const isInside = (node: ViewTreeNode, targetId: string): boolean =>
  node._id === targetId || node.children.some((child) => isInside(child, targetId));
