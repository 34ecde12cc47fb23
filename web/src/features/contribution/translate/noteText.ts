import { parseNoteBody, plainTextOf } from '../../../../../contracts/noteSchema.ts';
import { noteBodyOf } from '../../../../../contracts/contributionData.ts';
import type { ObjectReply } from '../api/objects.ts';

/**
 * What "Traduire en anglais / chinois" sends (issue 18 §4): the note's title,
 * a blank line, then its saved text (paragraphs as lines); '' when neither has
 * any text. A body that does not parse contributes nothing.
 */
export const noteTextToTranslate = (object: Pick<ObjectReply, 'title' | 'type' | 'data'>): string => {
  const body = noteBodyOf(object as Parameters<typeof noteBodyOf>[0]);
  let text = '';
  try {
    text = body ? plainTextOf(parseNoteBody(body)).trim() : '';
  } catch {
    text = '';
  }
  const title = object.title.trim();
  return [title, text].filter(Boolean).join('\n\n');
};
