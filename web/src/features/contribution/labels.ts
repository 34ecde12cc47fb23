import type { TFunction } from 'i18next';
import { contributionTypes, type ContributionType } from '../../../../contracts/events/contribution.ts';

const known = new Set<string>(contributionTypes);

/** A contribution type as the interface names it ("Perspective" for a View in French), never the stored English word. */
export const typeName = (t: TFunction, type: string): string =>
  known.has(type) ? t(`contribution.types.${type as ContributionType}`) : t('canvas.kind.other');

/** An author's name, or "(missing authors)" in the reader's language for a membership that no longer exists. */
export const authorLabel = (t: TFunction, author: { name: string; missing?: true }): string =>
  author.missing ? t('contribution.spec.missingAuthors') : author.name;
