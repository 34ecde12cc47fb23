import { useMemo } from 'react';
import { titleIn } from '../../../../../contracts/multilanguage.ts';
import type { ViewRef } from '../api/canvas.ts';

/** One cache per language: a ref keeps its identity while its data does not change (RefItem is memoised). */
const caches = new Map<string, WeakMap<ViewRef, ViewRef>>();

/** The ref with its title in `language` (fallback: the default language, then the note's own title). */
export const localiseRef = (ref: ViewRef, language: string, defaultLang: string): ViewRef => {
  if (ref._to.langInNote.length === 0 || !ref._to.titles) return ref;
  const key = `${language}|${defaultLang}`;
  let cache = caches.get(key);
  if (!cache) caches.set(key, (cache = new WeakMap()));
  const hit = cache.get(ref);
  if (hit) return hit;
  const title = titleIn(ref._to, language, defaultLang);
  const out = title === ref._to.title ? ref : { ...ref, _to: { ...ref._to, title } };
  cache.set(ref, out);
  return out;
};

/** The refs as the reader's language shows them; the same array when the plugin is off. */
export const useLocalisedRefs = (refs: ViewRef[], language: string | null, defaultLang: string): ViewRef[] =>
  useMemo(() => (language ? refs.map((ref) => localiseRef(ref, language, defaultLang)) : refs), [refs, language, defaultLang]);
