/** Refusals whose wording the spec fixes (part 2 §5). `{name}` is the unknown user name. */
export const SearchMessages = {
  authorNotFound: 'author:{name} not found',
  otherCommunity: 'The query is for another community.',
  badDate: 'Not a date (ISO 8601 expected).',
} as const;
