import { descriptionMaxLength } from '../../../contracts/api/objects.ts';
import { describedTypes } from '../../../contracts/contributionData.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { ValidationError } from '../../core/errors.ts';

/**
 * The text alternative of a drawing or an attachment (issue 25 §4): plain
 * text, control characters gone, at most `descriptionMaxLength` characters;
 * a 400 naming `description` for another type or a longer text. The decider
 * applies it; the save use case too, before anything is appended.
 */
export const checkedDescription = (type: string, description: string): string => {
  if (!describedTypes.has(type)) throw ValidationError.field('description', msg('objects.notDescribable'));
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  const text = description.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
  if ([...text].length > descriptionMaxLength) {
    throw ValidationError.field('description', msg('objects.descriptionTooLong', { max: descriptionMaxLength }));
  }
  return text;
};
