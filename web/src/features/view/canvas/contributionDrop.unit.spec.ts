import { describe, expect, it } from 'vitest';
import { classifyDrop } from '../components/useDropHandler.ts';
import { CONTRIBUTION_DRAG_TYPE as contributionDragType, parseContributionDrag } from '../../../lib/dragData.ts';
import { contributionDropAction } from './contributionDrop.ts';

const contributionDragData = (value: { id: string; communityId: string }) => JSON.stringify(value);

const a = 'a'.repeat(24);
const c = 'c'.repeat(24);

const drop = (data: Record<string, string>) =>
  classifyDrop({ types: Object.keys(data), getData: (type: string) => data[type] ?? '', files: [] as unknown as FileList });

describe('a contribution dropped on the canvas (issue 16 §1)', () => {
  it('reads {"id","communityId"} and nothing else', () => {
    expect(contributionDragType).toBe('application/x-buildon-contribution');
    expect(parseContributionDrag(contributionDragData({ id: a, communityId: c }))).toEqual({ id: a, communityId: c });
    expect(parseContributionDrag('{"id":"../x","communityId":"' + c + '"}')).toBeNull();
    expect(parseContributionDrag('{"id":"' + a + '"}')).toBeNull();
    expect(parseContributionDrag('[1]')).toBeNull();
    expect(parseContributionDrag('nope')).toBeNull();
  });

  it('is classified before the link that comes with it, and refused when of another community', () => {
    const data = { [contributionDragType]: contributionDragData({ id: a, communityId: c }), 'text/uri-list': `http://x/contribution/${a}` };
    expect(drop(data)).toEqual({ kind: 'contribution', contribution: { id: a, communityId: c } });
    expect(drop({ [contributionDragType]: 'broken' })).toEqual({ kind: 'unsupported' });
    expect(contributionDropAction({ id: a, communityId: c }, c)).toBe('place');
    expect(contributionDropAction({ id: a, communityId: c }, 'd'.repeat(24))).toBe('otherCommunity');
  });
});
