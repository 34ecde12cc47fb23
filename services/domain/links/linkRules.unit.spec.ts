import { describe, expect, it } from 'vitest';
import { CanvasServiceMessages } from '../../../contracts/catalogs/canvasService.ts';
import { ForbiddenError, ValidationError } from '../../core/errors.ts';
import { checkConnectionLink, checkRefSource, checkRefTarget, checkSourceLinkRemoval, removalRule } from './linkRules.ts';

const fieldsOf = (run: () => void): string[] => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return (error.errors ?? []).map((f) => f.field);
    throw error;
  }
  return [];
};

describe('refs (contains links)', () => {
  it('start at a view', () => {
    expect(() => checkRefSource('View')).not.toThrow();
    expect(fieldsOf(() => checkRefSource('Note'))).toEqual(['from']);
  });

  it('place notes, drawings, attachments and views only', () => {
    for (const type of ['Note', 'Drawing', 'Attachment', 'View']) expect(() => checkRefTarget(type, { x: 1, y: 2 })).not.toThrow();
    for (const type of ['Annotation', 'Scaffold', 'Support', 'Group', 'Context']) {
      expect(fieldsOf(() => checkRefTarget(type, { x: 1, y: 2 }))).toEqual(['to']);
    }
  });

  it('say where: x and y are required, each named', () => {
    expect(fieldsOf(() => checkRefTarget('Note', {}))).toEqual(['data.x', 'data.y']);
    expect(fieldsOf(() => checkRefTarget('Note', { x: 1, y: '2' }))).toEqual(['data.y']);
  });
});

describe('build-on and reference links', () => {
  it('start only from what the caller may edit', () => {
    expect(() => checkConnectionLink('buildson', false, {})).toThrow(ForbiddenError);
    expect(() => checkConnectionLink('references', false, {})).toThrow(CanvasServiceMessages.cannotLinkFrom);
  });

  it('a reference keeps its quote and nothing else; a build-on keeps nothing', () => {
    expect(checkConnectionLink('references', true, { text: 'quoted', x: 3 })).toEqual({ text: 'quoted' });
    expect(checkConnectionLink('references', true, {})).toEqual({});
    expect(checkConnectionLink('buildson', true, { text: 'ignored' })).toEqual({});
  });
});

describe('removing links', () => {
  it('refs follow the ref rules; build-on, reference and attach links their source’s editing rule', () => {
    expect(removalRule('contains')).toBe('ref');
    for (const type of ['buildson', 'references', 'attach']) expect(removalRule(type)).toBe('source');
    for (const type of ['supports', 'annotates', 'odd']) expect(fieldsOf(() => removalRule(type))).toEqual(['id']);
  });

  it('refuses those who may not edit the source, saying which link', () => {
    expect(() => checkSourceLinkRemoval('buildson', true)).not.toThrow();
    expect(() => checkSourceLinkRemoval('buildson', false)).toThrow(CanvasServiceMessages.cannotLinkFrom);
    expect(() => checkSourceLinkRemoval('attach', false)).toThrow(CanvasServiceMessages.cannotRemoveAttachment);
  });
});
