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
import cnAnnotations from './locales/annotations/cn.json' with { type: 'json' };
import enAnnotations from './locales/annotations/en.json' with { type: 'json' };
import esAnnotations from './locales/annotations/es.json' with { type: 'json' };
import fiAnnotations from './locales/annotations/fi.json' with { type: 'json' };
import frAnnotations from './locales/annotations/fr.json' with { type: 'json' };
import itAnnotations from './locales/annotations/it.json' with { type: 'json' };
import jaAnnotations from './locales/annotations/ja.json' with { type: 'json' };
import ptAnnotations from './locales/annotations/pt.json' with { type: 'json' };
import zhCNAnnotations from './locales/annotations/zh_CN.json' with { type: 'json' };
import cnMultilanguage from './locales/multilanguage/cn.json' with { type: 'json' };
import enMultilanguage from './locales/multilanguage/en.json' with { type: 'json' };
import esMultilanguage from './locales/multilanguage/es.json' with { type: 'json' };
import fiMultilanguage from './locales/multilanguage/fi.json' with { type: 'json' };
import frMultilanguage from './locales/multilanguage/fr.json' with { type: 'json' };
import itMultilanguage from './locales/multilanguage/it.json' with { type: 'json' };
import jaMultilanguage from './locales/multilanguage/ja.json' with { type: 'json' };
import ptMultilanguage from './locales/multilanguage/pt.json' with { type: 'json' };
import zhCNMultilanguage from './locales/multilanguage/zh_CN.json' with { type: 'json' };
import cnSearch from './locales/search/cn.json' with { type: 'json' };
import enSearch from './locales/search/en.json' with { type: 'json' };
import esSearch from './locales/search/es.json' with { type: 'json' };
import fiSearch from './locales/search/fi.json' with { type: 'json' };
import frSearch from './locales/search/fr.json' with { type: 'json' };
import itSearch from './locales/search/it.json' with { type: 'json' };
import jaSearch from './locales/search/ja.json' with { type: 'json' };
import ptSearch from './locales/search/pt.json' with { type: 'json' };
import zhCNSearch from './locales/search/zh_CN.json' with { type: 'json' };
import cnSearchMore from './locales/searchMore/cn.json' with { type: 'json' };
import esSearchMore from './locales/searchMore/es.json' with { type: 'json' };
import fiSearchMore from './locales/searchMore/fi.json' with { type: 'json' };
import itSearchMore from './locales/searchMore/it.json' with { type: 'json' };
import jaSearchMore from './locales/searchMore/ja.json' with { type: 'json' };
import ptSearchMore from './locales/searchMore/pt.json' with { type: 'json' };
import zhCNSearchMore from './locales/searchMore/zh_CN.json' with { type: 'json' };
import enSearchMore from './locales/searchMore/en.json' with { type: 'json' };
import frSearchMore from './locales/searchMore/fr.json' with { type: 'json' };
import cnNotifications from './locales/notifications/cn.json' with { type: 'json' };
import enNotifications from './locales/notifications/en.json' with { type: 'json' };
import esNotifications from './locales/notifications/es.json' with { type: 'json' };
import fiNotifications from './locales/notifications/fi.json' with { type: 'json' };
import frNotifications from './locales/notifications/fr.json' with { type: 'json' };
import itNotifications from './locales/notifications/it.json' with { type: 'json' };
import jaNotifications from './locales/notifications/ja.json' with { type: 'json' };
import ptNotifications from './locales/notifications/pt.json' with { type: 'json' };
import zhCNNotifications from './locales/notifications/zh_CN.json' with { type: 'json' };
import cnStats from './locales/stats/cn.json' with { type: 'json' };
import enStats from './locales/stats/en.json' with { type: 'json' };
import esStats from './locales/stats/es.json' with { type: 'json' };
import fiStats from './locales/stats/fi.json' with { type: 'json' };
import frStats from './locales/stats/fr.json' with { type: 'json' };
import itStats from './locales/stats/it.json' with { type: 'json' };
import jaStats from './locales/stats/ja.json' with { type: 'json' };
import ptStats from './locales/stats/pt.json' with { type: 'json' };
import zhCNStats from './locales/stats/zh_CN.json' with { type: 'json' };
import cnServer from './locales/server/cn.json' with { type: 'json' };
import enServer from './locales/server/en.json' with { type: 'json' };
import esServer from './locales/server/es.json' with { type: 'json' };
import fiServer from './locales/server/fi.json' with { type: 'json' };
import frServer from './locales/server/fr.json' with { type: 'json' };
import itServer from './locales/server/it.json' with { type: 'json' };
import jaServer from './locales/server/ja.json' with { type: 'json' };
import ptServer from './locales/server/pt.json' with { type: 'json' };
import zhCNServer from './locales/server/zh_CN.json' with { type: 'json' };
import cnScaffolds from './locales/scaffolds/cn.json' with { type: 'json' };
import enScaffolds from './locales/scaffolds/en.json' with { type: 'json' };
import esScaffolds from './locales/scaffolds/es.json' with { type: 'json' };
import fiScaffolds from './locales/scaffolds/fi.json' with { type: 'json' };
import frScaffolds from './locales/scaffolds/fr.json' with { type: 'json' };
import itScaffolds from './locales/scaffolds/it.json' with { type: 'json' };
import jaScaffolds from './locales/scaffolds/ja.json' with { type: 'json' };
import ptScaffolds from './locales/scaffolds/pt.json' with { type: 'json' };
import zhCNScaffolds from './locales/scaffolds/zh_CN.json' with { type: 'json' };
import cnLexical from './locales/lexical/cn.json' with { type: 'json' };
import enLexical from './locales/lexical/en.json' with { type: 'json' };
import esLexical from './locales/lexical/es.json' with { type: 'json' };
import fiLexical from './locales/lexical/fi.json' with { type: 'json' };
import frLexical from './locales/lexical/fr.json' with { type: 'json' };
import itLexical from './locales/lexical/it.json' with { type: 'json' };
import jaLexical from './locales/lexical/ja.json' with { type: 'json' };
import ptLexical from './locales/lexical/pt.json' with { type: 'json' };
import zhCNLexical from './locales/lexical/zh_CN.json' with { type: 'json' };
import cnLexicalAnalysis from './locales/lexicalAnalysis/cn.json' with { type: 'json' };
import enLexicalAnalysis from './locales/lexicalAnalysis/en.json' with { type: 'json' };
import esLexicalAnalysis from './locales/lexicalAnalysis/es.json' with { type: 'json' };
import fiLexicalAnalysis from './locales/lexicalAnalysis/fi.json' with { type: 'json' };
import cnCanvasNav from './locales/canvasNav/cn.json' with { type: 'json' };
import esCanvasNav from './locales/canvasNav/es.json' with { type: 'json' };
import fiCanvasNav from './locales/canvasNav/fi.json' with { type: 'json' };
import itCanvasNav from './locales/canvasNav/it.json' with { type: 'json' };
import jaCanvasNav from './locales/canvasNav/ja.json' with { type: 'json' };
import ptCanvasNav from './locales/canvasNav/pt.json' with { type: 'json' };
import zhCNCanvasNav from './locales/canvasNav/zh_CN.json' with { type: 'json' };
import enCanvasNav from './locales/canvasNav/en.json' with { type: 'json' };
import frCanvasNav from './locales/canvasNav/fr.json' with { type: 'json' };
import frLexicalAnalysis from './locales/lexicalAnalysis/fr.json' with { type: 'json' };
import itLexicalAnalysis from './locales/lexicalAnalysis/it.json' with { type: 'json' };
import jaLexicalAnalysis from './locales/lexicalAnalysis/ja.json' with { type: 'json' };
import ptLexicalAnalysis from './locales/lexicalAnalysis/pt.json' with { type: 'json' };
import zhCNLexicalAnalysis from './locales/lexicalAnalysis/zh_CN.json' with { type: 'json' };
import cnPromisingIdeas from './locales/promisingIdeas/cn.json' with { type: 'json' };
import esPromisingIdeas from './locales/promisingIdeas/es.json' with { type: 'json' };
import fiPromisingIdeas from './locales/promisingIdeas/fi.json' with { type: 'json' };
import itPromisingIdeas from './locales/promisingIdeas/it.json' with { type: 'json' };
import jaPromisingIdeas from './locales/promisingIdeas/ja.json' with { type: 'json' };
import ptPromisingIdeas from './locales/promisingIdeas/pt.json' with { type: 'json' };
import zhCNPromisingIdeas from './locales/promisingIdeas/zh_CN.json' with { type: 'json' };
import enPromisingIdeas from './locales/promisingIdeas/en.json' with { type: 'json' };
import frPromisingIdeas from './locales/promisingIdeas/fr.json' with { type: 'json' };
import enSecurity from './locales/security/en.json' with { type: 'json' };
import cnSecurity from './locales/security/cn.json' with { type: 'json' };
import esSecurity from './locales/security/es.json' with { type: 'json' };
import fiSecurity from './locales/security/fi.json' with { type: 'json' };
import itSecurity from './locales/security/it.json' with { type: 'json' };
import jaSecurity from './locales/security/ja.json' with { type: 'json' };
import ptSecurity from './locales/security/pt.json' with { type: 'json' };
import zhCNSecurity from './locales/security/zh_CN.json' with { type: 'json' };
import frSecurity from './locales/security/fr.json' with { type: 'json' };
import type { Language } from './languages.ts';

/**
 * French is the reference locale: its keys type every `t()` call. The
 * canvas and the contribution window keep their texts in files of their own
 * (`locales/canvas/`, `locales/contribution/`, `locales/annotations/`,
 * `locales/multilanguage/`, `locales/search/`, `locales/stats/`, `locales/scaffolds/`, `locales/lexical/`, `locales/lexicalAnalysis/`,
 * `locales/canvasNav/`, `locales/promisingIdeas/`, `locales/searchMore/`, `locales/security/`, `locales/notifications/`, every one in
 * the nine languages, and `locales/server/` for the
 * server's messages by code, contracts/messageCodes.ts), each under one top-level key,
 * merged here into the one `translation` namespace.
 */
export type Translation = typeof fr &
  typeof frCanvas &
  typeof frContribution &
  typeof frAnnotations &
  typeof frMultilanguage &
  typeof frSearch &
  typeof frStats &
  typeof frServer &
  typeof frScaffolds &
  typeof frLexical &
  typeof frLexicalAnalysis &
  typeof frCanvasNav &
  typeof frPromisingIdeas &
  typeof frSearchMore &
  typeof frNotifications &
  typeof frSecurity;

const merge = (...parts: object[]): Translation => Object.assign({}, ...parts) as Translation;

/** The nine locales, one `translation` namespace each. */
export const locales: Record<Language, Translation> = {
  cn: merge(
    cn,
    cnCanvas,
    cnContribution,
    cnAnnotations,
    cnMultilanguage,
    cnSearch,
    cnStats,
    cnServer,
    cnScaffolds,
    cnLexical,
    cnLexicalAnalysis,
    cnCanvasNav,
    cnPromisingIdeas,
    cnSearchMore,
    cnNotifications,
    cnSecurity,
  ),
  en: merge(
    en,
    enCanvas,
    enContribution,
    enAnnotations,
    enMultilanguage,
    enSearch,
    enStats,
    enServer,
    enScaffolds,
    enLexical,
    enLexicalAnalysis,
    enCanvasNav,
    enPromisingIdeas,
    enSearchMore,
    enNotifications,
    enSecurity,
  ),
  es: merge(
    es,
    esCanvas,
    esContribution,
    esAnnotations,
    esMultilanguage,
    esSearch,
    esStats,
    esServer,
    esScaffolds,
    esLexical,
    esLexicalAnalysis,
    esCanvasNav,
    esPromisingIdeas,
    esSearchMore,
    esNotifications,
    esSecurity,
  ),
  fi: merge(
    fi,
    fiCanvas,
    fiContribution,
    fiAnnotations,
    fiMultilanguage,
    fiSearch,
    fiStats,
    fiServer,
    fiScaffolds,
    fiLexical,
    fiLexicalAnalysis,
    fiCanvasNav,
    fiPromisingIdeas,
    fiSearchMore,
    fiNotifications,
    fiSecurity,
  ),
  fr: merge(
    fr,
    frCanvas,
    frContribution,
    frAnnotations,
    frMultilanguage,
    frSearch,
    frStats,
    frServer,
    frScaffolds,
    frLexical,
    frLexicalAnalysis,
    frCanvasNav,
    frPromisingIdeas,
    frSearchMore,
    frNotifications,
    frSecurity,
  ),
  it: merge(
    it,
    itCanvas,
    itContribution,
    itAnnotations,
    itMultilanguage,
    itSearch,
    itStats,
    itServer,
    itScaffolds,
    itLexical,
    itLexicalAnalysis,
    itCanvasNav,
    itPromisingIdeas,
    itSearchMore,
    itNotifications,
    itSecurity,
  ),
  ja: merge(
    ja,
    jaCanvas,
    jaContribution,
    jaAnnotations,
    jaMultilanguage,
    jaSearch,
    jaStats,
    jaServer,
    jaScaffolds,
    jaLexical,
    jaLexicalAnalysis,
    jaCanvasNav,
    jaPromisingIdeas,
    jaSearchMore,
    jaNotifications,
    jaSecurity,
  ),
  pt: merge(
    pt,
    ptCanvas,
    ptContribution,
    ptAnnotations,
    ptMultilanguage,
    ptSearch,
    ptStats,
    ptServer,
    ptScaffolds,
    ptLexical,
    ptLexicalAnalysis,
    ptCanvasNav,
    ptPromisingIdeas,
    ptSearchMore,
    ptNotifications,
    ptSecurity,
  ),
  zh_CN: merge(
    zhCN,
    zhCNCanvas,
    zhCNContribution,
    zhCNAnnotations,
    zhCNMultilanguage,
    zhCNSearch,
    zhCNStats,
    zhCNServer,
    zhCNScaffolds,
    zhCNLexical,
    zhCNLexicalAnalysis,
    zhCNCanvasNav,
    zhCNPromisingIdeas,
    zhCNSearchMore,
    zhCNNotifications,
    zhCNSecurity,
  ),
};
