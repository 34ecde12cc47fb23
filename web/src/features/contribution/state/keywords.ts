import { splitKeywords } from '../../../../../contracts/noteSchema.ts';

/** Keywords as typed in the field: split on ';', trimmed, empties dropped (fact sheet §4). */
export const keywordsOf = (input: string): string[] => splitKeywords(input);

/** The field's text for a list of keywords. */
export const keywordsText = (keywords: readonly string[]): string => keywords.join('; ');

/**
 * "Add keyword": appends the selected text to the field with '; ' (fact sheet
 * §4). Returns null when nothing (or only blanks) is selected: the caller shows
 * 'Keyword add needs selected text'.
 */
export const appendKeyword = (input: string, selected: string): string | null => {
  const keyword = selected.replace(/\s+/g, ' ').trim();
  if (!keyword) return null;
  const current = input.trim().replace(/;\s*$/, '');
  return current ? `${current}; ${keyword}` : keyword;
};
