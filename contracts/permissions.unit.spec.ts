import { describe, expect, it } from 'vitest';
import { canRead, canWrite, type AccessObject } from './permissions.ts';

const author = 'a00000000000000000000001';
const groupMate = 'a00000000000000000000002';
const other = 'a00000000000000000000003';
const object = (permission: string): AccessObject => ({ permission, authors: [author], groupMembers: [groupMate] });

describe('contribution access rule', () => {
  it.each([
    // permission, caller, read, write
    ['private', author, true, true],
    ['private', groupMate, true, true],
    ['private', other, false, false],
    ['protected', author, true, true],
    ['protected', groupMate, true, true],
    ['protected', other, true, false],
    ['public', other, true, true],
  ])('%s object, caller %s: read %s, write %s', (permission, caller, read, write) => {
    const subject = { authorId: caller, isManager: false };
    expect(canRead(subject, object(permission))).toBe(read);
    expect(canWrite(subject, object(permission))).toBe(write);
  });

  it('lets managers read and write private objects', () => {
    expect(canRead({ authorId: other, isManager: true }, object('private'))).toBe(true);
    expect(canWrite({ authorId: null, isManager: true }, object('private'))).toBe(true);
  });

  it('gives an unknown permission no access beyond insiders', () => {
    expect(canRead({ authorId: other, isManager: false }, object('weird'))).toBe(false);
    expect(canRead({ authorId: author, isManager: false }, object('weird'))).toBe(true);
  });
});
