import { describe, expect, it } from 'vitest';
import { contributionIdsDragType } from '../../../../../contracts/api/search.ts';
import { classifyDrop } from './useDropHandler.ts';

const drop = (data: Record<string, string>) =>
  classifyDrop({ types: Object.keys(data), getData: (type: string) => data[type] ?? '', files: [] as unknown as FileList });

describe('dropping search results on the canvas (fact sheet §10.4 objectIds)', () => {
  const a = 'a'.repeat(24);
  const b = 'b'.repeat(24);

  it('reads the dragged contribution ids before the link that comes with them', () => {
    expect(drop({ [contributionIdsDragType]: JSON.stringify([a, b, a]), 'text/uri-list': `http://x/contribution/${a}` })).toEqual({
      kind: 'contributions',
      ids: [a, b],
    });
  });

  it('ignores ids that are not ObjectIds and data that is not JSON', () => {
    expect(drop({ [contributionIdsDragType]: JSON.stringify(['../x', 42, b]) })).toEqual({ kind: 'contributions', ids: [b] });
    expect(drop({ [contributionIdsDragType]: 'not json' })).toEqual({ kind: 'unsupported' });
  });
});
