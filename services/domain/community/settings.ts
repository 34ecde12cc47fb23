import type { ContextStoredData } from '../../../contracts/contributionData.ts';
import { defaultViewSetting, noteColours, pluginFlags, type ContextData } from '../../../contracts/api/communities.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { isLanguageCode } from '../../../contracts/multilanguage.ts';
import { ValidationError } from '../../core/errors.ts';

/**
 * The rules of a community's settings (its root context's data, spec part 1
 * §3): the defaults of a new community, what a manager's save may hold, and
 * how the scaffolds offered by the editor follow the chosen list.
 */

/** Every setting of a new community: plugins off, colours off, the default view setting. */
export const defaultContextData = (): ContextData => ({
  plugins: Object.fromEntries(pluginFlags.map((flag) => [flag, false])) as ContextData['plugins'],
  colours: Object.fromEntries(noteColours.map((colour) => [colour, { enabled: false, label: '' }])) as ContextData['colours'],
  features: { preventOverlap: false },
  freemode: false,
  flipname: false,
  hideUserNameInAuthorSelector: false,
  viewSetting: { ...defaultViewSetting },
  defaultLang: '',
  languages: [],
  settings: { itmServer: '', kbdexServer: '', kbdacServer: '' },
});

/** Stored settings completed with the defaults, so that older or partial data (or none) reads as one shape. */
export const completeContextData = (stored: ContextStoredData | undefined): ContextData => ({
  ...defaultContextData(),
  ...stored,
});

const serverAddressFields = ['itmServer', 'kbdexServer', 'kbdacServer'] as const;

/** '' or an http(s) URL without its trailing '/'; anything else is refused naming the field. */
export const normaliseServerAddress = (field: string, value: string): string => {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  let url: URL | null = null;
  try {
    url = new URL(trimmed);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw ValidationError.field(field, msg('communityService.serverAddress'));
  }
  return trimmed.replace(/\/+$/, '');
};

/**
 * The settings a manager's save stores, checked: server addresses normalised,
 * a default language required by the multilanguage plugin, and language codes
 * only (they become keys of notes' data, `data[lang]`). 400 naming the field otherwise.
 */
export const checkContextSettings = (input: ContextData): ContextData => {
  const data: ContextData = {
    ...input,
    defaultLang: input.defaultLang.trim(),
    settings: Object.fromEntries(
      serverAddressFields.map((field) => [field, normaliseServerAddress(`data.settings.${field}`, input.settings[field])]),
    ) as ContextData['settings'],
  };
  if (data.plugins.multilanguage && !data.defaultLang) {
    throw ValidationError.field('data.defaultLang', msg('community.defaultLanguageRequired'));
  }
  if (data.defaultLang && !isLanguageCode(data.defaultLang)) {
    throw ValidationError.field('data.defaultLang', msg('multilanguage.invalidCode'));
  }
  if (!data.languages.every(isLanguageCode)) throw ValidationError.field('data.languages', msg('multilanguage.invalidCode'));
  return data;
};

/** A scaffold list offered by the editor names each scaffold once. */
export const checkScaffoldList = (scaffoldIds: readonly string[]): void => {
  if (new Set(scaffoldIds).size !== scaffoldIds.length) throw ValidationError.field('scaffoldIds', msg('community.scaffoldInUse'));
};

/**
 * How the root context's `uses` links change so that they name `scaffoldIds`,
 * in that order (orders from 1): `existing` follows the current links, one
 * change each, then `create` adds the missing ones.
 */
export type UsesLinkChanges = {
  existing: ({ kind: 'update'; linkId: string; order: number } | { kind: 'delete'; linkId: string })[];
  create: { scaffoldId: string; order: number }[];
};

/**
 * The link changes that make the existing `uses` links match `scaffoldIds`:
 * a link to a kept scaffold gets its new order, a link to a dropped scaffold
 * (or a second link to the same one) is deleted, a new scaffold gets a link.
 */
export const usesLinkChanges = (uses: readonly { _id: string; to: string }[], scaffoldIds: readonly string[]): UsesLinkChanges => {
  const wanted = new Map(scaffoldIds.map((id, index) => [id, index + 1]));
  const linked = new Set<string>();
  const changes: UsesLinkChanges = { existing: [], create: [] };
  for (const link of uses) {
    const order = wanted.get(link.to);
    if (order === undefined || linked.has(link.to)) changes.existing.push({ kind: 'delete', linkId: link._id });
    else {
      linked.add(link.to);
      changes.existing.push({ kind: 'update', linkId: link._id, order });
    }
  }
  for (const [scaffoldId, order] of wanted) if (!linked.has(scaffoldId)) changes.create.push({ scaffoldId, order });
  return changes;
};
