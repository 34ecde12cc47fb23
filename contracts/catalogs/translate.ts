/** Translation (issue 18 §4; spec part 1 §8: 'Error in Translating this Note.. Please try Later'). */
export const TranslateMessages = {
  notConfigured: 'Translation is not configured on this server.',
  failed: 'Error in Translating this Note.. Please try Later',
  tooManyTranslations: 'Too many translations in a short time: wait {seconds} s, then try again.',
} as const;
