import { marked } from 'marked';

/**
 * The illustrated guides (docs/guides/{pupils,teachers}.{lang}.md, issue 21
 * §13), bundled at build time: each guide is its own chunk, loaded when opened.
 * Screenshots come from docs/screenshots/ (`npm run screenshots`), so the
 * Markdown reads the same on GitHub and in the app.
 */
export const guideKinds = ['pupils', 'teachers'] as const;
export type GuideKind = (typeof guideKinds)[number];

const sources = import.meta.glob<string>('../../../../docs/guides/*.md', { query: '?raw', import: 'default' });
const images = import.meta.glob<string>('../../../../docs/screenshots/*.png', { query: '?url', import: 'default', eager: true });

const sourceOf = (kind: GuideKind, language: string) => sources[`../../../../docs/guides/${kind}.${language}.md`];

/** The guide in the reader's language, else in French (the default and fallback language). */
export const loadGuide = async (kind: GuideKind, language: string): Promise<{ html: string; language: string }> => {
  const base = language.split(/[-_]/)[0] ?? 'fr';
  const [shown, load] = sourceOf(kind, base) ? [base, sourceOf(kind, base)] : ['fr', sourceOf(kind, 'fr')];
  if (!load) throw new Error(`no guide ${kind}`);
  return { html: guideHtml(await load()), language: shown };
};

/**
 * Markdown to HTML, with the screenshots' relative paths turned into the
 * bundled files' URLs. The guides are the project's own files, bundled at
 * build time, never user input: no sanitiser is needed for them.
 */
export const guideHtml = (markdown: string): string => {
  const html = marked.parse(markdown, { async: false });
  return html.replace(/src="\.\.\/screenshots\/([\w.-]+\.png)"/g, (whole, name: string) => {
    const url = images[`../../../../docs/screenshots/${name}`];
    return url ? `src="${url}" loading="lazy"` : whole;
  });
};
