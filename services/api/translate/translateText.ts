import { msg } from '../../../contracts/messageCodes.ts';
import { ServiceUnavailableError } from '../../core/errors.ts';
import { chunkText, maxChunk } from '../../integrations/translate/chunks.ts';
import { TranslateError, type Translator } from '../../integrations/translate/translator.ts';

const simplified = new Set(['zh-cn', 'zh-hans', 'zh-chs', 'zh-sg']);
const traditional = new Set(['zh-tw', 'zh-hant', 'zh-cht', 'zh-hk']);

/**
 * LibreTranslate's code for a language as KF6 (Microsoft's `zh-CHS`), browsers (`zh-CN`) or
 * Buildon's locales (`zh_CN`) name it: simplified Chinese is `zh`, traditional `zt`; others as given.
 */
export const targetCode = (language: string): string => {
  const code = language.replace('_', '-').toLowerCase();
  if (simplified.has(code)) return 'zh';
  if (traditional.has(code)) return 'zt';
  return code;
};

/**
 * Translates `text` into `language` (issue 18 §4): in chunks of at most
 * 4,900 characters cut at sentence or word ends (spec part 1 §9), sent one
 * after the other, joined back in order; the whitespace a chunk ended with is
 * kept when the server trimmed it. Any failure is the spec's "Error in
 * Translating this Note.. Please try Later" (503: nothing was stored, trying
 * again is safe).
 */
export const translateText = async (translator: Translator, text: string, language: string): Promise<string> => {
  const target = targetCode(language);
  const parts: string[] = [];
  for (const chunk of chunkText(text, maxChunk)) {
    if (chunk.trim() === '') {
      parts.push(chunk);
      continue;
    }
    try {
      const translated = await translator.translate(chunk, target);
      const trailing = /\s*$/u.exec(chunk)?.[0] ?? '';
      parts.push(/\s$/u.test(translated) ? translated : translated + trailing);
    } catch (error) {
      if (error instanceof TranslateError) {
        throw new ServiceUnavailableError('translate', 30, { cause: error, message: msg('translate.failed') });
      }
      throw error;
    }
  }
  return parts.join('');
};
