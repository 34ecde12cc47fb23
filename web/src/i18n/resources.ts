import cn from './locales/cn.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fi from './locales/fi.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import pt from './locales/pt.json' with { type: 'json' };
import zhCN from './locales/zh_CN.json' with { type: 'json' };
import cnCanvas from './locales/canvas/cn.json' with { type: 'json' };
import enCanvas from './locales/canvas/en.json' with { type: 'json' };
import esCanvas from './locales/canvas/es.json' with { type: 'json' };
import fiCanvas from './locales/canvas/fi.json' with { type: 'json' };
import frCanvas from './locales/canvas/fr.json' with { type: 'json' };
import itCanvas from './locales/canvas/it.json' with { type: 'json' };
import jaCanvas from './locales/canvas/ja.json' with { type: 'json' };
import ptCanvas from './locales/canvas/pt.json' with { type: 'json' };
import zhCNCanvas from './locales/canvas/zh_CN.json' with { type: 'json' };
import cnContribution from './locales/contribution/cn.json' with { type: 'json' };
import enContribution from './locales/contribution/en.json' with { type: 'json' };
import esContribution from './locales/contribution/es.json' with { type: 'json' };
import fiContribution from './locales/contribution/fi.json' with { type: 'json' };
import frContribution from './locales/contribution/fr.json' with { type: 'json' };
import itContribution from './locales/contribution/it.json' with { type: 'json' };
import jaContribution from './locales/contribution/ja.json' with { type: 'json' };
import ptContribution from './locales/contribution/pt.json' with { type: 'json' };
import zhCNContribution from './locales/contribution/zh_CN.json' with { type: 'json' };
import type { Language } from './languages.ts';

/**
 * French is the reference locale: its keys type every `t()` call. The
 * canvas and the contribution window keep their texts in files of their own
 * (`locales/canvas/`, `locales/contribution/`), each under one top-level key,
 * merged here into the one `translation` namespace.
 */
export type Translation = typeof fr & typeof frCanvas & typeof frContribution;

const merge = (...parts: object[]): Translation => Object.assign({}, ...parts) as Translation;

/** The nine locales, one `translation` namespace each. */
export const locales: Record<Language, Translation> = {
  cn: merge(cn, cnCanvas, cnContribution),
  en: merge(en, enCanvas, enContribution),
  es: merge(es, esCanvas, esContribution),
  fi: merge(fi, fiCanvas, fiContribution),
  fr: merge(fr, frCanvas, frContribution),
  it: merge(it, itCanvas, itContribution),
  ja: merge(ja, jaCanvas, jaContribution),
  pt: merge(pt, ptCanvas, ptContribution),
  zh_CN: merge(zhCN, zhCNCanvas, zhCNContribution),
};
