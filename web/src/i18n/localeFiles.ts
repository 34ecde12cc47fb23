import type { Translation } from './resources.ts';

/** The order resources.ts merges a language's files in: the base file first, then one file per namespace folder. */
const namespaceOrder = [
  '',
  'canvas',
  'contribution',
  'annotations',
  'multilanguage',
  'search',
  'stats',
  'server',
  'scaffolds',
  'lexical',
  'lexicalAnalysis',
  'canvasNav',
  'promisingIdeas',
  'searchMore',
  'notifications',
  'security',
];

/** `./locales/canvas/fr.json` → `canvas`; `./locales/fr.json` → `` (the base file). */
const namespaceOf = (path: string): string => {
  const parts = path.split('/');
  return parts.length > 3 ? (parts[parts.length - 2] ?? '') : '';
};

const rank = (path: string): number => {
  const index = namespaceOrder.indexOf(namespaceOf(path));
  return index < 0 ? namespaceOrder.length : index;
};

/** One language's files (by path, as `import.meta.glob` names them) merged into its one `translation` namespace. */
export const mergeLocaleFiles = (files: Record<string, object>): Translation =>
  Object.assign(
    {},
    ...Object.entries(files)
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([, value]) => value),
  ) as Translation;
