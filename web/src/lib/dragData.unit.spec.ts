import { describe, expect, it } from 'vitest';
import { CONTRIBUTION_DRAG_TYPE, readContributionDragData, setContributionDragData } from './dragData.ts';

/** A DataTransfer stand-in: what was set, and the types in order. */
const transfer = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  return {
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    get types() {
      return [...data.keys()];
    },
    data,
  };
};

const id = 'a'.repeat(24);
const communityId = 'b'.repeat(24);

describe('contribution drag data', () => {
  it('sets the MIME type with the ids as JSON, and the title as text', () => {
    const dt = transfer();
    setContributionDragData(dt, { id, communityId, title: 'Why are leaves green?' });
    expect(CONTRIBUTION_DRAG_TYPE).toBe('application/x-buildon-contribution');
    expect(JSON.parse(dt.data.get(CONTRIBUTION_DRAG_TYPE) ?? '')).toEqual({ id, communityId });
    expect(dt.data.get('text/plain')).toBe('Why are leaves green?');
  });

  it('reads back what it set', () => {
    const dt = transfer();
    setContributionDragData(dt, { id, communityId, title: 't' });
    expect(readContributionDragData(dt)).toEqual({ id, communityId });
  });

  it('reads nothing from other drags or from malformed values', () => {
    expect(readContributionDragData(transfer({ 'text/plain': 'hello' }))).toBeNull();
    expect(readContributionDragData(transfer({ [CONTRIBUTION_DRAG_TYPE]: 'not json' }))).toBeNull();
    expect(readContributionDragData(transfer({ [CONTRIBUTION_DRAG_TYPE]: JSON.stringify({ id: '../x', communityId }) }))).toBeNull();
    expect(readContributionDragData(transfer({ [CONTRIBUTION_DRAG_TYPE]: JSON.stringify({ id }) }))).toBeNull();
    expect(readContributionDragData(transfer({ [CONTRIBUTION_DRAG_TYPE]: 'null' }))).toBeNull();
  });
});
