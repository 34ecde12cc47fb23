import { describe, expect, it } from 'vitest';
import type { ViewSummary } from '../../../../contracts/api/communities.ts';
import { placeBody, writableViews } from './place.ts';

/** Issue 25 §1: placing a search result in a view from the keyboard. */

const view = (title: string, editable?: boolean): ViewSummary => ({
  _id: title,
  communityId: 'c',
  title,
  created: '',
  modified: '',
  permission: 'public',
  status: 'active',
  ...(editable === undefined ? {} : { editable }),
});

describe('placeBody', () => {
  it('asks for a ref of the result in the view and leaves the spot to the server (no canvas read)', () => {
    const body = placeBody('v'.repeat(24), 'n'.repeat(24));
    expect(body).toEqual({ from: 'v'.repeat(24), to: 'n'.repeat(24), type: 'contains' });
    expect(body).not.toHaveProperty('data');
  });
});

describe('writableViews', () => {
  it('keeps the views the pupil may write in (all, when the server does not say)', () => {
    expect(writableViews([view('a', true), view('b', false), view('c')]).map((v) => v.title)).toEqual(['a', 'c']);
  });
});
