import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { defaultLanguageOf, noteLanguagesOf, type LanguageSettings } from '../../../contracts/multilanguage.ts';

/**
 * The language a reader chose for multilanguage notes (the view's title-bar
 * picker), kept in local storage per community. The canvas titles, the
 * contribution window's Read tab and the language its editor opens in follow it.
 */
const chosenAtom = atomWithStorage<Record<string, string>>('buildon.noteLanguage', {});

export type NoteLanguage = {
  /** The multilanguage plugin is on and offers at least one language. */
  enabled: boolean;
  /** The context's languages, the default first. */
  offered: string[];
  defaultLang: string;
  /** The chosen language (the default until one is chosen); null when the plugin is off. */
  language: string | null;
  setLanguage: (language: string) => void;
};

export const useNoteLanguage = (communityId: string | undefined, context: LanguageSettings | null | undefined): NoteLanguage => {
  const [all, setAll] = useAtom(chosenAtom);
  const offered = noteLanguagesOf(context);
  const defaultLang = defaultLanguageOf(context);
  const stored = communityId ? all[communityId] : undefined;
  const language = offered.length === 0 ? null : stored && offered.includes(stored) ? stored : defaultLang || (offered[0] ?? null);
  return {
    enabled: offered.length > 0,
    offered,
    defaultLang,
    language,
    setLanguage: (next) => {
      if (communityId) setAll((current) => ({ ...current, [communityId]: next }));
    },
  };
};

/** A language's own name (its endonym), from the browser; the code when unknown. */
export const languageName = (code: string): string => {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
};
