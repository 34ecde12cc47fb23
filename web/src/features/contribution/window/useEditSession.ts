import { dataOf, noteBodyOf } from '../../../../../contracts/contributionData.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { descriptionMaxLength, type CurrentVersion, type ObjectReply } from '../../../../../contracts/api/objects.ts';
import { emptyNoteBody } from '../../../../../contracts/noteSchema.ts';
import { keys, markRead, saveObject } from '../api/objects.ts';
import { docFromJson } from '../editor/setup.ts';
import { isDirty, type SaveState, type Snapshot } from '../state/dirty.ts';
import { keywordsText } from '../state/keywords.ts';
import { clearStoredBody, readStoredBody, storeBody } from '../state/recovery.ts';
import {
  canonicalMap,
  initialEditLanguage,
  initialLangMap,
  mainEntry,
  writtenLanguages,
  type LangMap,
  type MultilangConfig,
} from '../state/languages.ts';
import { failureText } from '../../../components/serverMessage.ts';

export type EditKind = 'note' | 'drawing';

/** The content of a contribution as its editor holds it. */
export const contentOf = (object: ObjectReply, kind: EditKind): unknown =>
  kind === 'note' ? normalBody(noteBodyOf(object)) : (dataOf(object, 'Drawing')?.svg ?? '');

/** A body as the editor gives it back (defaults filled in), so loading alone is never dirty. */
const normalBody = (body: unknown): unknown => docFromJson(body ?? emptyNoteBody()).toJSON();

export type EditSession = {
  kind: EditKind;
  title: string;
  setTitle: (title: string) => void;
  /** Drawings: the text alternative, saved with the drawing (issue 25 §4). */
  description: string;
  setDescription: (description: string) => void;
  keywords: string;
  setKeywords: (keywords: string) => void;
  /** The editor reports its content on every change. */
  setContent: (content: unknown) => void;
  content: () => unknown;
  /** Bumped when the content is replaced from outside (recover, take theirs): editors reload. */
  replaced: { token: number; content: unknown };
  dirty: boolean;
  state: SaveState;
  error: string | null;
  titleMissing: boolean;
  conflict: CurrentVersion | null;
  revision: number;
  hasStored: boolean;
  contribute: () => Promise<boolean>;
  keepMine: () => Promise<boolean>;
  takeTheirs: () => void;
  recover: () => void;
  continueEditing: () => void;
  /** Multilanguage notes (plugin on): the language being edited and the others; null otherwise. */
  languages: {
    offered: string[];
    editing: string;
    /** Languages with a title or content, the one being edited included. */
    written: string[];
    switchTo: (language: string) => void;
  } | null;
};

/**
 * Editing state of one contribution: dirty tracking against the last saved
 * snapshot, the revision that travels with each save, the save states of spec
 * part 1 §4 (saving → success | failure → stored), local-storage recovery and
 * the 409 conflict choice.
 */
export const useEditSession = (object: ObjectReply, kind: EditKind, multilang: MultilangConfig | null = null): EditSession => {
  const queryClient = useQueryClient();
  const initial = useMemo<Snapshot>(
    () => ({
      title: object.title,
      keywords: keywordsText(object.keywords),
      content: contentOf(object, kind),
      ...(kind === 'drawing' ? { description: dataOf(object, 'Drawing')?.description ?? '' } : {}),
    }),
    // One session per contribution: later cache updates do not reset the editor.
    [object._id, kind],
  );
  const [title, setTitle] = useState(initial.title);
  const [keywords, setKeywords] = useState(initial.keywords);
  const [description, setDescription] = useState(initial.description ?? '');
  const contentRef = useRef<unknown>(initial.content);
  const [contentTick, setContentTick] = useState(0);
  const [saved, setSaved] = useState<Snapshot>(initial);
  const [revision, setRevision] = useState(object.revision);
  const [state, setState] = useState<SaveState>(() => (readStoredBody(object._id) ? 'stored' : 'idle'));
  const [error, setError] = useState<string | null>(null);
  const [titleMissing, setTitleMissing] = useState(false);
  const [conflict, setConflict] = useState<CurrentVersion | null>(null);
  const [replaced, setReplaced] = useState<{ token: number; content: unknown }>({ token: 0, content: initial.content });
  const [storedTick, setStoredTick] = useState(0);
  const status = useRef(object.status);
  status.current = object.status;
  // Multilanguage: every language's title and body; the one being edited lives in title/content.
  const ml = kind === 'note' && multilang && multilang.offered.length > 0 ? multilang : null;
  const [langs, setLangs] = useState<LangMap>({});
  const [editLang, setEditLang] = useState<string | null>(null);
  const multi = ml !== null && editLang !== null;
  const mergedLangs = (): LangMap =>
    editLang === null ? langs : canonicalMap({ ...langs, [editLang]: { title, content: contentRef.current } }, ml?.offered ?? []);

  const current = (): Snapshot =>
    multi
      ? { title: '', keywords, content: null, translations: mergedLangs() }
      : { title, keywords, content: contentRef.current, ...(kind === 'drawing' ? { description } : {}) };
  // contentTick re-renders on every edit so the dirty flag follows.
  void contentTick;
  const dirty = isDirty(saved, current());
  const hasStored = useMemo(() => readStoredBody(object._id) !== null, [object._id, storedTick, state]);

  const setContent = useCallback((content: unknown) => {
    contentRef.current = content;
    setContentTick((n) => n + 1);
  }, []);

  const replaceContent = (content: unknown) => {
    contentRef.current = content;
    setReplaced((r) => ({ token: r.token + 1, content }));
    setContentTick((n) => n + 1);
  };

  // Once the community's languages are known: open the reader's language (the note's own
  // title and body count as the default language's when it has no languages yet).
  useEffect(() => {
    if (!ml || editLang !== null) return;
    const lang = initialEditLanguage(ml);
    const map = canonicalMap(initialLangMap(object, normalBody, ml.defaultLang, lang), ml.offered);
    const entry = map[lang] ?? { title: '', content: normalBody(null) };
    setLangs(map);
    setEditLang(lang);
    setTitle(entry.title);
    replaceContent(entry.content);
    setSaved((s) => ({ title: '', keywords: s.keywords, content: null, translations: map }));
    // Once per contribution, when the settings arrive.
  }, [ml === null, editLang]);

  const switchLanguage = (next: string) => {
    if (editLang === null || next === editLang) return;
    const map = { ...langs, [editLang]: { title, content: contentRef.current } };
    const entry = map[next] ?? { title: '', content: normalBody(null) };
    setLangs(map);
    setEditLang(next);
    setTitle(entry.title);
    replaceContent(entry.content);
  };

  const save = async (atRevision: number): Promise<boolean> => {
    const merged = multi ? mergedLangs() : null;
    const main = merged && ml ? mainEntry(merged, ml.defaultLang) : null;
    // Each written language needs its title (the server refuses it otherwise): show the first one missing.
    const untitled = merged ? Object.keys(merged).find((lang) => !merged[lang]?.title.trim()) : undefined;
    if (merged ? !main || untitled !== undefined : !title.trim()) {
      if (untitled !== undefined) switchLanguage(untitled);
      setTitleMissing(true);
      return false;
    }
    setTitleMissing(false);
    // A drawing's description too long is said by its field (DescriptionField): not sent.
    if (kind === 'drawing' && [...description.trim()].length > descriptionMaxLength) return false;
    setError(null);
    setState('saving');
    const snapshot = current();
    const body =
      kind === 'note'
        ? merged && main
          ? {
              revision: atRevision,
              title: main.title.trim(),
              body: main.content as Record<string, unknown>,
              keywords: snapshot.keywords,
              translations: Object.fromEntries(
                Object.entries(merged).map(([lang, entry]) => [
                  lang,
                  { title: entry.title.trim(), body: entry.content as Record<string, unknown> },
                ]),
              ),
            }
          : {
              revision: atRevision,
              title: snapshot.title.trim(),
              body: snapshot.content as Record<string, unknown>,
              keywords: snapshot.keywords,
            }
        : {
            revision: atRevision,
            title: snapshot.title.trim(),
            svg: String(snapshot.content),
            description: (snapshot.description ?? '').trim(),
          };
    try {
      const outcome = await saveObject(object.communityId, object._id, {
        ...body,
        ...(status.current === 'unsaved' ? { status: 'active' as const } : {}),
      });
      if (!outcome.ok) {
        setConflict(outcome.conflict);
        setState('conflict');
        return false;
      }
      setConflict(null);
      setSaved(snapshot);
      if (merged) setLangs(merged);
      setRevision(outcome.object.revision);
      if (outcome.object && '_id' in outcome.object) queryClient.setQueryData(keys.object(object._id), outcome.object);
      else void queryClient.invalidateQueries({ queryKey: keys.object(object._id), exact: true });
      void queryClient.invalidateQueries({ queryKey: keys.history(object._id) });
      clearStoredBody(object._id);
      setStoredTick((n) => n + 1);
      setState('success');
      // Fact sheet §4: marked read right after each successful contribute.
      void markRead(object.communityId, object._id);
      return true;
    } catch (failure) {
      storeBody(object._id, { ...snapshot, revision: atRevision });
      setStoredTick((n) => n + 1);
      setError(failureText(failure));
      setState('stored');
      return false;
    }
  };

  return {
    kind,
    title,
    setTitle: (value) => {
      setTitle(value);
      if (value.trim()) setTitleMissing(false);
    },
    description,
    setDescription,
    keywords,
    setKeywords,
    setContent,
    content: () => contentRef.current,
    replaced,
    dirty,
    state,
    error,
    titleMissing,
    conflict,
    revision,
    hasStored,
    contribute: () => save(revision),
    keepMine: async () => {
      if (!conflict) return false;
      setRevision(conflict.revision);
      return save(conflict.revision);
    },
    takeTheirs: () => {
      if (!conflict) return;
      // Mine stays recoverable: nothing is lost.
      storeBody(object._id, { ...current(), revision });
      setStoredTick((n) => n + 1);
      if (multi && ml && editLang !== null) {
        // Multilanguage: every language of theirs (a note without languages counts as the default one's).
        const map: LangMap = conflict.translations
          ? Object.fromEntries(
              Object.entries(conflict.translations).map(([lang, entry]) => [lang, { title: entry.title, content: normalBody(entry.body) }]),
            )
          : { [ml.defaultLang]: { title: conflict.title, content: normalBody(conflict.body) } };
        const shown = canonicalMap(map, ml.offered);
        const entry = shown[editLang] ?? { title: '', content: normalBody(null) };
        setLangs(shown);
        setTitle(entry.title);
        setKeywords(keywordsText(conflict.keywords));
        replaceContent(entry.content);
        setSaved({ title: '', keywords: keywordsText(conflict.keywords), content: null, translations: shown });
      } else {
        const theirs: Snapshot = {
          title: conflict.title,
          keywords: keywordsText(conflict.keywords),
          content: kind === 'note' ? normalBody(conflict.body) : (conflict.svg ?? ''),
        };
        setTitle(theirs.title);
        setKeywords(theirs.keywords);
        replaceContent(theirs.content);
        setSaved(theirs);
      }
      setRevision(conflict.revision);
      setConflict(null);
      setState('idle');
      void queryClient.invalidateQueries({ queryKey: keys.object(object._id), exact: true });
    },
    recover: () => {
      const stored = readStoredBody(object._id);
      if (!stored) return;
      const storedLangs = (stored as { translations?: LangMap }).translations;
      if (multi && editLang !== null && storedLangs) {
        // A multilanguage body: every language comes back, the editor shows the one being edited.
        const entry = storedLangs[editLang] ?? { title: '', content: normalBody(null) };
        setLangs(storedLangs);
        setTitle(entry.title);
        setKeywords(stored.keywords);
        replaceContent(entry.content);
      } else {
        setTitle(stored.title);
        setKeywords(stored.keywords);
        if (typeof stored.description === 'string') setDescription(stored.description);
        replaceContent(stored.content);
      }
      clearStoredBody(object._id);
      setStoredTick((n) => n + 1);
      setState('idle');
      setError(null);
    },
    continueEditing: () => setState('idle'),
    languages:
      multi && ml && editLang !== null
        ? { offered: ml.offered, editing: editLang, written: writtenLanguages(mergedLangs(), ml.offered), switchTo: switchLanguage }
        : null,
  };
};
