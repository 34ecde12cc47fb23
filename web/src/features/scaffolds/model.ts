/** The scaffold manager's pure part (issue 13 §5). */

/** How long the 'saved' indicator shows after a save (spec part 2 §4: 2 s). */
export const savedIndicatorMs = 2000;

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at the ends. */
export const moved = <T>(list: readonly T[], index: number, by: -1 | 1): T[] => {
  const target = index + by;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(index, 1) as [T];
  copy.splice(target, 0, item);
  return copy;
};

export const sameOrder = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id, i) => id === b[i]);
