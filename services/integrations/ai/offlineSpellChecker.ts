import type NSpell from 'nspell';
import type { WritingHelper, WritingTask } from './writingHelper.ts';

type Language = 'fr' | 'en';

/** The most misspelled words one answer lists (a long note full of names would list pages). */
const maxWords = 50;
/** Suggestions per word. */
const maxSuggestions = 4;
/** Lines of the .dic file fed to nspell per turn of the event loop. */
const linesPerSlice = 4_000;

/** The words of a text: letters (accents included), joined by an apostrophe or a hyphen (l'eau, arc-en-ciel). */
export const wordsOf = (text: string): string[] =>
  [...text.replace(/\u2019/g, "'").matchAll(/[\p{L}\p{M}]+(?:['-][\p{L}\p{M}]+)*/gu)].map((match) => match[0]);

/**
 * The offline quick spell-check (issue 18 §3: `spell=quick` works with no network): nspell with
 * the Hunspell dictionaries of the `dictionary-fr` and `dictionary-en` packages. A dictionary is
 * loaded on its first use only (the French one takes seconds and hundreds of MB: a server whose
 * pupils never ask pays nothing, and the start stays fast), and fed to nspell a slice at a time so
 * that loading never blocks the server's other requests for long. The answer is one line per
 * misspelled word: `word → suggestion, suggestion`; nothing when the text has no mistake.
 */
export class OfflineSpellChecker implements WritingHelper {
  private readonly loading = new Map<Language, Promise<NSpell>>();
  private readonly idleTimers = new Map<Language, NodeJS.Timeout>();

  /**
   * @param idleMs A dictionary unused this long is let go (the French one holds hundreds of MB:
   *   a district's server keeps it only while its classes spell-check) and loaded again when asked.
   */
  constructor(private readonly idleMs = 15 * 60_000) {}

  /** Whether `language`'s dictionary is loaded or loading now. */
  holds(language: Language): boolean {
    return this.loading.has(language);
  }

  async *stream(task: WritingTask): AsyncGenerator<string> {
    if (task.kind !== 'spell') return;
    const speller = await this.speller(task.language);
    this.forgetWhenIdle(task.language);
    const seen = new Set<string>();
    for (const word of wordsOf(task.text)) {
      if (seen.size >= maxWords) break;
      if (seen.has(word) || word.length < 2) continue;
      seen.add(word);
      if (speller.correct(word)) continue;
      const suggestions = speller.suggest(word).slice(0, maxSuggestions);
      yield `${word} → ${suggestions.length ? suggestions.join(', ') : '?'}\n`;
    }
  }

  /** Whether the dictionaries are installed (for the probe): their packages resolve. */
  available(): boolean {
    try {
      import.meta.resolve('dictionary-fr');
      import.meta.resolve('dictionary-en');
      return true;
    } catch {
      return false;
    }
  }

  private forgetWhenIdle(language: Language): void {
    clearTimeout(this.idleTimers.get(language));
    const timer = setTimeout(() => {
      this.idleTimers.delete(language);
      this.loading.delete(language);
    }, this.idleMs);
    timer.unref();
    this.idleTimers.set(language, timer);
  }

  /** The checker of `language`, loaded once (concurrent first requests share the load). */
  speller(language: Language): Promise<NSpell> {
    let loading = this.loading.get(language);
    if (!loading) {
      loading = load(language);
      // A failed load (a missing package) is tried again by the next request.
      loading.catch(() => this.loading.delete(language));
      this.loading.set(language, loading);
    }
    return loading;
  }
}

const load = async (language: Language): Promise<NSpell> => {
  const [{ default: nspell }, { default: dictionary }] = await Promise.all([
    import('nspell'),
    language === 'fr' ? import('dictionary-fr') : import('dictionary-en'),
  ]);
  const speller = nspell({ aff: Buffer.from(dictionary.aff) });
  // Each `dictionary()` call turns the compound rules (strings) into expressions: given them back as strings
  // before every slice, or the second slice would make an empty expression that accepts any word.
  const inside = speller as unknown as { compoundRules: unknown[] };
  const compoundRules = [...inside.compoundRules];
  // nspell skips the first line of what it is given (the .dic word count): each slice starts with one.
  const lines = Buffer.from(dictionary.dic).toString('utf8').split('\n').slice(1);
  for (let start = 0; start < lines.length; start += linesPerSlice) {
    inside.compoundRules = [...compoundRules];
    speller.dictionary(`0\n${lines.slice(start, start + linesPerSlice).join('\n')}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return speller;
};

/** The process's checker: every app built in it (tests build many) shares the loaded dictionaries. */
export const offlineSpellChecker = new OfflineSpellChecker();
