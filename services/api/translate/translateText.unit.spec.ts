import { describe, expect, it } from 'vitest';
import { TranslateError, type Translator } from '../../integrations/translate/translator.ts';
import { targetCode, translateText } from './translateText.ts';

/** A translator that upper-cases and trims, as a server that drops trailing spaces would. */
const upper: Translator & { calls: string[] } = {
  calls: [],
  async translate(text) {
    this.calls.push(text);
    return text.toUpperCase().trimEnd();
  },
};

describe('translateText (issue 18 §4)', () => {
  it('names Chinese as LibreTranslate does, whatever the caller wrote', () => {
    expect(['zh', 'zh_CN', 'zh-CN', 'zh-CHS', 'zh-Hans'].map(targetCode)).toEqual(['zh', 'zh', 'zh', 'zh', 'zh']);
    expect(['zh-TW', 'zh-CHT', 'zh_Hant'].map(targetCode)).toEqual(['zt', 'zt', 'zt']);
    expect(targetCode('EN')).toBe('en');
  });

  it('keeps the spaces between chunks that the server trimmed', async () => {
    const text = `${'a'.repeat(4_000)}. ${'b'.repeat(2_000)}.`;
    upper.calls.length = 0;
    expect(await translateText(upper, text, 'en')).toBe(text.toUpperCase());
    expect(upper.calls).toHaveLength(2);
  });

  it("turns the server's failure into the spec's message (503, nothing stored)", async () => {
    const failing: Translator = { translate: () => Promise.reject(new TranslateError(500)) };
    await expect(translateText(failing, 'Bonjour', 'en')).rejects.toMatchObject({
      status: 503,
      message: 'Error in Translating this Note.. Please try Later',
    });
  });
});
