import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ObjectReply } from './api/objects.ts';
import {
  contextSettingsOf,
  dataOf,
  isNoteBody,
  isOfType,
  noteBodyOf,
  type AttachmentVersion,
  type DataOf,
  type NoteBody,
  type TypedData,
} from './contributionData.ts';

/**
 * Contribution data typed per contribution type (issue 22 §7): narrowing on
 * `type` gives the data's fields their types (checked by the type checker
 * here, with expectTypeOf), and the helpers read a field only from the type
 * that has it.
 */

const body: NoteBody = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Eau' }] }] };
const note: TypedData = { type: 'Note', data: { body, langInNote: ['fr'], fr: body, fr_title: 'Eau' } };
const drawing: TypedData = { type: 'Drawing', data: { svg: '<svg/>', description: 'Un nuage' } };
const attachment: TypedData = {
  type: 'Attachment',
  data: { version: 1, filename: 'eau.png', type: 'image/png', versions: [] as AttachmentVersion[], description: 'Une goutte' },
};
const context: TypedData = { type: 'Context', data: { flipname: true } };
const group: TypedData = { type: 'Group', data: { members: ['a1'] } };

describe('contribution data by type', () => {
  it('narrows on the type: each type’s fields with their types', () => {
    if (isOfType(drawing, 'Drawing')) {
      expectTypeOf(drawing.data.svg).toEqualTypeOf<string | undefined>();
      expectTypeOf(drawing.data.description).toEqualTypeOf<string | undefined>();
    }
    if (isOfType(attachment, 'Attachment')) {
      expectTypeOf(attachment.data.versions).toEqualTypeOf<AttachmentVersion[] | undefined>();
      expectTypeOf(attachment.data.description).toEqualTypeOf<string | undefined>();
    }
    if (group.type === 'Group') expectTypeOf(group.data.members).toEqualTypeOf<string[] | undefined>();
    // A reply narrows the same way.
    expectTypeOf<DataOf<'View'>['viewSetting']>().toMatchTypeOf<object | undefined>();
    const reply = { type: 'Scaffold', data: { isTemplate: true } } as unknown as ObjectReply;
    if (reply.type === 'Scaffold') expectTypeOf(reply.data.isTemplate).toEqualTypeOf<boolean | undefined>();
    expect(isOfType(drawing, 'Drawing')).toBe(true);
    expect(isOfType(drawing, 'Note')).toBe(false);
    expect(isOfType(null, 'Note')).toBe(false);
    expect(isOfType(undefined, 'Note')).toBe(false);
  });

  it('reads a type’s data only from a contribution of that type', () => {
    expect(dataOf(drawing, 'Drawing')).toEqual({ svg: '<svg/>', description: 'Un nuage' });
    expect(dataOf(drawing, 'Attachment')).toBeUndefined();
    expect(dataOf(attachment, 'Attachment')?.filename).toBe('eau.png');
    expect(dataOf(null, 'Attachment')).toBeUndefined();
    expect(dataOf(note, 'Note')?.fr_title).toBe('Eau');
  });

  it('gives a note’s body, and nothing of another contribution', () => {
    expect(noteBodyOf(note)).toBe(body);
    expect(noteBodyOf({ type: 'Note', data: {} })).toBeUndefined();
    // Only a note has a body, whatever another's data holds.
    const stored: Record<string, unknown> = { body };
    expect(noteBodyOf({ type: 'Drawing', data: stored })).toBeUndefined();
    expect(noteBodyOf(undefined)).toBeUndefined();
  });

  it('gives a context’s settings, and none of anything else', () => {
    expect(contextSettingsOf(context)).toEqual({ flipname: true });
    expect(contextSettingsOf(group)).toBeUndefined();
    expect(contextSettingsOf(null)).toBeUndefined();
  });

  it('takes any object for a body stored under a language key', () => {
    expect(isNoteBody(body)).toBe(true);
    expect(isNoteBody({})).toBe(true);
    expect(isNoteBody(null)).toBe(false);
    expect(isNoteBody('<p>KF6</p>')).toBe(false);
    expect(isNoteBody(undefined)).toBe(false);
  });
});
