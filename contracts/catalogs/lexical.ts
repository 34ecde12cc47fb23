/** The lexical analysis' refusals (issue 13 §4; fact sheet §7: "Le lexique est vide:"). `{limit}` is the most terms. */
export const LexicalMessages = {
  emptyLexicon: 'The lexicon is empty:',
  tooManyTerms: 'The lexicon has more than {limit} terms.',
} as const;
