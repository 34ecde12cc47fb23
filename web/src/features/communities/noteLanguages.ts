/**
 * Languages offered for multilanguage notes: code and endonym. The original
 * listed about 180; these are the ones classrooms ask for, extend as needed.
 */
export const noteLanguages: readonly (readonly [code: string, name: string])[] = [
  ['ar', 'العربية'],
  ['de', 'Deutsch'],
  ['en', 'English'],
  ['es', 'Español'],
  ['fi', 'Suomi'],
  ['fr', 'Français'],
  ['el', 'Ελληνικά'],
  ['he', 'עברית'],
  ['hi', 'हिन्दी'],
  ['it', 'Italiano'],
  ['ja', '日本語'],
  ['ko', '한국어'],
  ['nl', 'Nederlands'],
  ['pl', 'Polski'],
  ['pt', 'Português'],
  ['ru', 'Русский'],
  ['sv', 'Svenska'],
  ['tr', 'Türkçe'],
  ['uk', 'Українська'],
  ['vi', 'Tiếng Việt'],
  ['zh', '中文'],
  ['zh-TW', '中文（繁體）'],
];
