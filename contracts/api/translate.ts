import Type, { type Static } from 'typebox';

/** The longest text one request may translate (about four chunks of 4,900 characters: a long note). */
export const translateMaxText = 20_000;

/**
 * GET /api/translate?text&language (KF6, spec part 1 §7), and the same as a
 * POST body for texts too long for an address. `language` is the target, an
 * ISO 639 code as LibreTranslate names it (`en`, `zh`, `fr`, `zh-Hans` …);
 * the source language is detected.
 */
export const TranslateInput = Type.Object({
  text: Type.String({ minLength: 1, maxLength: translateMaxText }),
  language: Type.String({ minLength: 2, maxLength: 12, pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,4})?$' }),
});
export type TranslateInput = Static<typeof TranslateInput>;

/** KF6's reply: `responseDesc` is `Success`; failures are problem replies (translate.failed). */
export const TranslateReply = Type.Object({ responseDesc: Type.String(), text: Type.String() });
export type TranslateReply = Static<typeof TranslateReply>;

/** GET /api/translate/status: whether this server translates at all (the buttons are hidden when not). */
export const TranslateStatusReply = Type.Object({ configured: Type.Boolean() });
export type TranslateStatusReply = Static<typeof TranslateStatusReply>;
