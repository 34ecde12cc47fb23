/**
 * Walks over JSON data that never recurse on its depth (issue 20 §0).
 *
 * Note bodies are checked (`checkNoteBodySize`) before they are appended, but
 * the event log may hold a body saved before that check existed: thousands of
 * nested blockquotes. `JSON.stringify`, `structuredClone` and a recursive walk
 * overflow the call stack a few thousand levels down, so everything that
 * copies, compares, serialises or walks a stored document uses these instead.
 * Each keeps its work on an explicit stack.
 */

/** A ProseMirror node as stored (JSON). */
export type JsonDocNode = { type?: unknown; text?: unknown; attrs?: Record<string, unknown>; content?: unknown };

/**
 * Calls `visit` on every node of a ProseMirror JSON document in document
 * order (depth first, a node before its children), like a recursive walk over
 * `content` would. `visit` returning `false` skips that node's children.
 */
export const eachDocNode = (root: unknown, visit: (node: JsonDocNode) => boolean | void): void => {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    const node = value as JsonDocNode;
    if (visit(node) === false) continue;
    if (!Array.isArray(node.content)) continue;
    const children = node.content as unknown[];
    // Pushed last child first, so the first child is visited next.
    for (let c = children.length - 1; c >= 0; c--) stack.push(children[c]);
  }
};

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => typeof value === 'object' && value !== null;

/**
 * A deep copy of JSON data (what `JSON.parse(JSON.stringify(value))` gives:
 * `undefined` fields dropped, `undefined` array items become null), at any depth.
 */
export const copyJson = <T>(value: T): T => {
  const fresh = (source: unknown): unknown => (Array.isArray(source) ? [] : isContainer(source) ? {} : source);
  const top = fresh(value);
  if (!isContainer(value)) return value;
  const stack: [Record<string, unknown> | unknown[], Record<string, unknown> | unknown[]][] = [[value, top as Record<string, unknown>]];
  for (let pair = stack.pop(); pair; pair = stack.pop()) {
    const [source, target] = pair;
    if (Array.isArray(source)) {
      const list = target as unknown[];
      for (const item of source) {
        const copy = item === undefined || typeof item === 'function' ? null : fresh(item);
        list.push(copy);
        if (isContainer(item)) stack.push([item, copy as Record<string, unknown>]);
      }
      continue;
    }
    const record = target as Record<string, unknown>;
    for (const key of Object.keys(source)) {
      const field = source[key];
      if (field === undefined || typeof field === 'function') continue;
      const copy = fresh(field);
      // defineProperty: a key "__proto__" stays a plain field, as JSON.parse makes it.
      Object.defineProperty(record, key, { value: copy, enumerable: true, writable: true, configurable: true });
      if (isContainer(field)) stack.push([field, copy as Record<string, unknown>]);
    }
  }
  return top as T;
};

/**
 * `JSON.stringify(value)` of plain JSON data at any depth: the native one
 * when it copes, else the same text written from an explicit stack.
 */
export const jsonText = (value: unknown): string => {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  const out: string[] = [];
  // A string on the stack is literal text; a box holds a value still to write.
  const stack: (string | { value: unknown })[] = [{ value }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    const current = item.value;
    if (!isContainer(current) || typeof (current as { toJSON?: unknown }).toJSON === 'function') {
      out.push(JSON.stringify(current) ?? 'null');
      continue;
    }
    if (Array.isArray(current)) {
      out.push('[');
      stack.push(']');
      for (let i = current.length - 1; i >= 0; i--) {
        const element: unknown = current[i];
        stack.push(element === undefined || typeof element === 'function' ? 'null' : { value: element });
        if (i > 0) stack.push(',');
      }
      continue;
    }
    const keys = Object.keys(current).filter((key) => current[key] !== undefined && typeof current[key] !== 'function');
    out.push('{');
    stack.push('}');
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      stack.push({ value: current[key] });
      stack.push(`${i > 0 ? ',' : ''}${JSON.stringify(key)}:`);
    }
  }
  return out.join('');
};
