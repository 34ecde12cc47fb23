import { describe, expect, it } from 'vitest';
import { isAssignableGroup, mayChangeOwnership } from './ownership.ts';

const author = 'a1';
const classmate = 'a2';

describe('mayChangeOwnership', () => {
  it('lets an author of the contribution change its permission and co-authors', () => {
    expect(mayChangeOwnership({ authorId: author, isManager: false }, [author])).toBe(true);
  });

  it('refuses a classmate who may only edit it (issue 20 §3)', () => {
    expect(mayChangeOwnership({ authorId: classmate, isManager: false }, [author])).toBe(false);
  });

  it('lets managers and admins who are not members do it', () => {
    expect(mayChangeOwnership({ authorId: null, isManager: true }, [author])).toBe(true);
    expect(mayChangeOwnership({ authorId: classmate, isManager: true }, [author])).toBe(true);
  });

  it('refuses a non-member who is not a manager', () => {
    expect(mayChangeOwnership({ authorId: null, isManager: false }, [author])).toBe(false);
  });
});

describe('isAssignableGroup', () => {
  const group = { type: 'Group', communityId: 'c1', status: 'active' };

  it('accepts an active group of the same community', () => {
    expect(isAssignableGroup(group, 'c1')).toBe(true);
  });

  it('refuses a missing group, another type, another community or a removed group', () => {
    expect(isAssignableGroup(null, 'c1')).toBe(false);
    expect(isAssignableGroup(undefined, 'c1')).toBe(false);
    expect(isAssignableGroup({ ...group, type: 'View' }, 'c1')).toBe(false);
    expect(isAssignableGroup(group, 'c2')).toBe(false);
    expect(isAssignableGroup({ ...group, status: 'inactive' }, 'c1')).toBe(false);
  });
});
