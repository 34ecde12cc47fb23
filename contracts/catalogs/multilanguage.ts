/** Messages of the multilanguage rules (the spec fixes only 'Please select default language', in contracts/catalogs/community.ts). */
export const MultilanguageMessages = {
  pluginOff: 'Multilanguage notes are not enabled in this community.',
  notOffered: 'This language is not offered in this community.',
  invalidCode: 'Not a language code.',
} as const;
