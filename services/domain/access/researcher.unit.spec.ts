import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRoleChange } from '../author/membership.ts';
import {
  isWriteMethod,
  mayUseResearchApi,
  mayWriteInCommunity,
  memberShownTo,
  seesAsManager,
  seesRealNamesInResearch,
  type RoleInCommunity,
} from './researcher.ts';

/** The read-only research role (issue 24 §5). */

const roles: RoleInCommunity[] = ['manager', 'writer', 'researcher', 'admin', null];
const role = fc.constantFrom(...roles);

describe('the researcher role', () => {
  it('a researcher may never write, whatever else is true', () => {
    fc.assert(
      fc.property(fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE', 'post', 'delete'), (method) => {
        expect(isWriteMethod(method)).toBe(true);
        expect(mayWriteInCommunity('researcher')).toBe(false);
      }),
    );
  });

  it('only managers, writers and admins write; non-members neither write nor read as managers', () => {
    fc.assert(
      fc.property(role, (r) => {
        expect(mayWriteInCommunity(r)).toBe(r === 'manager' || r === 'writer' || r === 'admin');
        if (r === null || r === 'writer') expect(seesAsManager(r)).toBe(false);
      }),
    );
  });

  it('reads as a manager, may use the research API, but sees pseudonyms there', () => {
    expect(seesAsManager('researcher')).toBe(true);
    expect(mayUseResearchApi('researcher')).toBe(true);
    expect(mayUseResearchApi('writer')).toBe(false);
    expect(mayUseResearchApi(null)).toBe(false);
    expect(seesRealNamesInResearch('researcher')).toBe(false);
    expect(seesRealNamesInResearch('manager')).toBe(true);
    expect(seesRealNamesInResearch('admin')).toBe(true);
  });

  it('is shown to no pupil, but to managers, admins, researchers and themselves', () => {
    fc.assert(
      fc.property(role, fc.boolean(), (viewer, isSelf) => {
        const shown = memberShownTo('researcher', { role: viewer, isSelf });
        expect(shown).toBe(isSelf || viewer === 'manager' || viewer === 'admin' || viewer === 'researcher');
        // Other members are shown to everyone who may list members.
        expect(memberShownTo('writer', { role: viewer, isSelf })).toBe(true);
      }),
    );
  });

  it('GET, HEAD and OPTIONS are no writes', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(isWriteMethod(method)).toBe(false);
  });

  it('is given and taken by the change-role rule: a manager made researcher counts as a demotion', () => {
    const change = (from: 'manager' | 'writer' | 'researcher', to: 'manager' | 'writer' | 'researcher', managerCount = 2) =>
      checkRoleChange({ target: { role: from, userId: 't' }, role: to, callerUserId: 'c', ownerUserId: 'o', managerCount });
    expect(() => change('writer', 'researcher')).not.toThrow();
    expect(() => change('researcher', 'writer')).not.toThrow();
    expect(() => change('researcher', 'manager')).not.toThrow();
    expect(() => change('researcher', 'researcher')).toThrow();
    // The last manager cannot become a researcher, nor can the caller or the owner.
    expect(() => change('manager', 'researcher', 1)).toThrow();
    expect(() =>
      checkRoleChange({
        target: { role: 'manager', userId: 'c' },
        role: 'researcher',
        callerUserId: 'c',
        ownerUserId: 'o',
        managerCount: 3,
      }),
    ).toThrow();
    expect(() => change('manager', 'researcher', 2)).not.toThrow();
  });
});
