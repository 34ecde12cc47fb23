import { ObjectMessages } from '../../../../contracts/catalogs/objects.ts';
import { contextSettingsOf } from '../../../../contracts/contributionData.ts';
import type { NoteTranslations } from '../../../../contracts/events/contribution.ts';
import { msg, msgWithText, type UserMessage } from '../../../../contracts/messageCodes.ts';
import { specMessage } from '../../../../contracts/messages.ts';
import { defaultLanguageOf, noteLanguagesOf } from '../../../../contracts/multilanguage.ts';
import { NoteBodyTooLarge, parseNoteBody, plainTextOf, referenceNodesOf, supportNodesOf } from '../../../../contracts/noteSchema.ts';
import { ValidationError } from '../../../core/errors.ts';
import { orderedNoteLanguages, plainTitle } from '../../../domain/contribution/save.ts';
import { SvgRejected, sanitizeSvg } from '../../../integrations/media/svg.ts';
import type { CommunityAccessGrant } from '../../communities/access.ts';
import { objectCollections, type ObjectServiceDeps } from '../objectAccess.ts';

/**
 * The 400 message for a body that `parseNoteBody` refused: a body beyond the
 * depth or size limits (issue 20 §0) gets the contract's message alone, which
 * the web client translates; any other, ProseMirror's reason.
 */
const bodyProblem = (error: unknown): UserMessage => {
  if (error instanceof NoteBodyTooLarge) return specMessage(error.key);
  return msgWithText('objects.invalidBody', `${ObjectMessages.invalidBody}: ${error instanceof Error ? error.message : String(error)}`);
};

/** A note body parsed against the schema, or a 400 naming `field`. */
export const parsedBody = (field: string, body: unknown): ReturnType<typeof parseNoteBody> => {
  try {
    return parseNoteBody(body);
  } catch (error) {
    throw ValidationError.field(field, bodyProblem(error));
  }
};

/** Supports must be Supports of this community; references must point into it. */
export const checkNodes = async (deps: ObjectServiceDeps, communityId: string, doc: Parameters<typeof supportNodesOf>[0]) => {
  const { contributions } = objectCollections(deps);
  for (const { supportId } of supportNodesOf(doc)) {
    const support = await contributions.get(supportId);
    if (!support || support.communityId !== communityId || support.type !== 'Support') {
      throw ValidationError.field('body', msg('objects.unknownSupport'));
    }
  }
  for (const { contributionId } of referenceNodesOf(doc)) {
    const target = await contributions.get(contributionId);
    if (!target || target.communityId !== communityId) throw ValidationError.field('body', msg('objects.unknownReference'));
  }
};

/** A drawing's SVG, sanitised, or a 400 naming `svg` with the reason. */
export const sanitizedDrawing = (svg: string): string => {
  try {
    return sanitizeSvg(svg);
  } catch (error) {
    const reason = error instanceof SvgRejected ? error.message : '';
    const message = msg(reason === 'too large' ? 'objects.svgTooLarge' : reason === 'not xml' ? 'objects.svgNotXml' : 'objects.svgInvalid');
    throw ValidationError.field('svg', message);
  }
};

/**
 * The translations of a multilanguage note, checked: the plugin must be on,
 * each language one of the context's, each body a valid document (400 naming
 * `translations.{lang}.body`). Languages with neither title nor text are dropped.
 */
export const noteLanguages = async (deps: ObjectServiceDeps, grant: CommunityAccessGrant, communityId: string, given: NoteTranslations) => {
  const context = await objectCollections(deps).contributions.get(grant.community.rootContextId);
  const offered = noteLanguagesOf(contextSettingsOf(context));
  const entries = Object.entries(given);
  if (offered.length === 0 && entries.length > 0) throw ValidationError.field('translations', msg('multilanguage.pluginOff'));
  const translations: NoteTranslations = {};
  const texts: Record<string, string> = {};
  for (const [lang, entry] of entries) {
    if (!offered.includes(lang)) throw ValidationError.field(`translations.${lang}`, msg('multilanguage.notOffered'));
    const parsed = parsedBody(`translations.${lang}.body`, entry.body);
    await checkNodes(deps, communityId, parsed);
    const title = plainTitle(entry.title);
    const text = plainTextOf(parsed);
    if (!title && !text.trim()) continue;
    translations[lang] = { title, body: parsed.toJSON() as Record<string, unknown> };
    texts[lang] = text;
  }
  const { langs, mainLang } = orderedNoteLanguages(
    offered,
    new Set(Object.keys(translations)),
    defaultLanguageOf(contextSettingsOf(context)),
  );
  const ordered: NoteTranslations = Object.fromEntries(langs.map((lang) => [lang, translations[lang] as NoteTranslations[string]]));
  const titles = Object.fromEntries(langs.map((lang) => [lang, translations[lang]?.title ?? '']));
  return { translations: ordered, texts, titles, langs, mainLang };
};
