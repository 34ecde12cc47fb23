import { describe, expect, it } from 'vitest';
import { baseLanguage, foldCase, localeOf, matchKey, normalise, sameKey } from './normalise.ts';

describe('normalise', () => {
  it('composes accents (NFC): a decomposed é is the same é', () => {
    expect(normalise('e\u0301mergence')).toBe('émergence');
    expect(normalise('e\u0301mergence').length).toBe(9);
  });

  it('turns NBSP, narrow NBSP and other spaces into spaces, keeping line breaks', () => {
    expect(normalise('oui\u00a0! non\u202f? 思考\u3000问题\tfin\nligne')).toBe('oui ! non ? 思考 问题 fin\nligne');
  });

  it('turns typographic apostrophes and hyphens into ASCII ones and drops invisible characters', () => {
    expect(normalise('l’idée l‘idée lʼidée auto‐organisation auto‑organisation')).toBe(
      "l'idée l'idée l'idée auto-organisation auto-organisation",
    );
    expect(normalise('auto\u00adorganisation\u200b')).toBe('autoorganisation');
  });
});

describe('foldCase', () => {
  it('lowers case in the language given, plainly when there is none or it is not a language', () => {
    expect(foldCase('ÉMERGENCE', 'fr')).toBe('émergence');
    expect(foldCase('İSTANBUL', 'tr')).toBe('istanbul');
    expect(foldCase('Idée', undefined)).toBe('idée');
    expect(foldCase('Idée', 'not a locale!')).toBe('idée');
  });
});

describe('matchKey', () => {
  it("ignores accents and case: 'Émergence' matches 'emergence'", () => {
    expect(matchKey('Émergence')).toBe('emergence');
    expect(sameKey('Émergence', 'EMERGENCE')).toBe(true);
    expect(sameKey('ÉTAT', 'etat')).toBe(true);
    expect(sameKey('Démocratiser', 'democratiser')).toBe(true);
  });

  it("ignores hyphens and spaces: 'Auto-organisation' matches 'auto organisation' and 'autoorganisation'", () => {
    expect(matchKey('Auto-organisation')).toBe('autoorganisation');
    expect(sameKey('Auto-organisation', 'auto organisation')).toBe(true);
    expect(sameKey('Auto-organisation', 'autoorganisation')).toBe(true);
    expect(sameKey('Élever-le-propos', 'elever le propos')).toBe(true);
    expect(sameKey("État d'esprit", 'état d’esprit')).toBe(true);
  });

  it('spells out ligatures and opens compatibility forms', () => {
    expect(matchKey('Œuvre')).toBe('oeuvre');
    expect(matchKey('Straße')).toBe('strasse');
    expect(matchKey('ﬁn')).toBe('fin');
    expect(matchKey('ＡＢＣ')).toBe('abc');
  });

  it('keeps the marks of other scripts that change the word (Japanese voicing) and CJK characters', () => {
    expect(matchKey('が')).toBe('が');
    expect(sameKey('が', 'か')).toBe(false);
    expect(matchKey('思考')).toBe('思考');
  });

  it('keeps words apart that differ in letters, and drops emoji and punctuation', () => {
    expect(sameKey('émergence', 'urgence')).toBe(false);
    expect(matchKey('idée 🙂 !')).toBe('idee');
    expect(matchKey('3,5')).toBe('35');
  });
});

describe('localeOf and baseLanguage', () => {
  it("maps the app's language codes to locales", () => {
    expect(localeOf('fr')).toBe('fr');
    expect(localeOf('zh_CN')).toBe('zh-CN');
    expect(localeOf('cn')).toBe('zh');
    expect(localeOf('pt-br')).toBe('pt-BR');
    expect(localeOf('???')).toBeUndefined();
    expect(localeOf(undefined)).toBeUndefined();
    expect(baseLanguage('pt-BR')).toBe('pt');
    expect(baseLanguage('cn')).toBe('zh');
    expect(baseLanguage('zh_CN')).toBe('zh');
    expect(baseLanguage(undefined)).toBe('');
  });
});
