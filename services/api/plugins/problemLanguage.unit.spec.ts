import { describe, expect, it } from 'vitest';
import { languageOfAcceptHeader, localisedMessage, localisedProblem } from './problemLanguage.ts';

describe('the language of a request (Accept-Language)', () => {
  it('takes the supported language of highest weight', () => {
    expect(languageOfAcceptHeader('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageOfAcceptHeader('de-DE,de;q=0.9,es;q=0.5,en;q=0.4')).toBe('es');
    expect(languageOfAcceptHeader('en;q=0.2, ja')).toBe('ja');
    expect(languageOfAcceptHeader('pt-BR')).toBe('pt');
    expect(languageOfAcceptHeader('fi;q=0, it')).toBe('it');
  });

  it('tells the two Chinese locales apart', () => {
    expect(languageOfAcceptHeader('zh-CN')).toBe('zh_CN');
    expect(languageOfAcceptHeader('zh')).toBe('zh_CN');
    expect(languageOfAcceptHeader('zh-Hans-SG')).toBe('zh_CN');
    expect(languageOfAcceptHeader('zh-TW')).toBe('cn');
    expect(languageOfAcceptHeader('zh-Hant')).toBe('cn');
    expect(languageOfAcceptHeader('zh-HK,en;q=0.5')).toBe('cn');
  });

  it('falls back to French for languages Buildon lacks, and leaves English for no header or `*`', () => {
    expect(languageOfAcceptHeader('de-DE,de;q=0.9')).toBe('fr');
    expect(languageOfAcceptHeader(undefined)).toBeUndefined();
    expect(languageOfAcceptHeader('')).toBeUndefined();
    expect(languageOfAcceptHeader('*')).toBeUndefined();
    expect(languageOfAcceptHeader('*, de;q=0.1')).toBe('fr');
  });
});

describe('a problem in a language', () => {
  it('fills the params of the translated text', () => {
    expect(localisedMessage('fr', 'errors.noRoute', { method: 'GET', path: '/api/x' })).toBe("Cette adresse n'existe pas (GET /api/x).");
  });

  it('uses French where the language lacks a text, and keeps the English where no catalogue has it', () => {
    const problem = {
      type: 'https://buildon.dev/problems/forbidden',
      status: 403,
      messageCode: 'community.noSuchMessageEver',
      message: 'English',
      detail: 'English',
    };
    expect(localisedProblem(problem, 'ja')).toEqual(problem);
    expect(localisedProblem({ ...problem, messageCode: 'community.managerOnly' }, 'ja').message).not.toBe('English');
  });
});
