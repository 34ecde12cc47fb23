import cn from './locales/cn.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fi from './locales/fi.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import pt from './locales/pt.json' with { type: 'json' };
import zhCN from './locales/zh_CN.json' with { type: 'json' };
import type { Language } from './languages.ts';

/** French is the reference locale: its keys type every `t()` call. */
export type Translation = typeof fr;

/** The nine locale files, one `translation` namespace each. */
export const locales: Record<Language, Translation> = { fr, en, es, it, fi, pt, cn, ja, zh_CN: zhCN };
