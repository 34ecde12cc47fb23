import { describe, expect, it } from 'vitest';
import { pseudonymiseCommunity, type SourceEvent } from './pseudonymise.ts';
import { researchTables } from './tables.ts';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const [community, u1, a1, u2, a2, u3, a3, note, secret, view, link, privateLink, group] = Array.from({ length: 13 }, (_, i) =>
  hex(0xa0 + i),
) as [string, string, string, string, string, string, string, string, string, string, string, string, string];

let position = 0;
const event = (streamName: string, type: string, data: Record<string, unknown>, actorId: string | null = u1): SourceEvent => ({
  type,
  data,
  metadata: { actorId, at: new Date(Date.UTC(2026, 2, 1, 0, 0, ++position)).toISOString() },
  streamName,
  streamRevision: 0,
  globalPosition: position,
  eventId: `e${position}`,
});
const body = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

const log: SourceEvent[] = [
  event(`community-${community}`, 'CommunityCreated', {
    communityId: community,
    title: 'Class',
    registrationKey: 'wk',
    managerRegistrationKey: 'mk',
    createdBy: u1,
  }),
  event(`user-${u1}`, 'UserRegistered', {
    userId: u1,
    userName: 'amartin',
    firstName: 'Anne',
    lastName: 'Martin',
    email: 'a@x.org',
    passwordHash: 'h',
  }),
  event(`usernameclaim-ff`, 'UserNameClaimed', { userName: 'amartin', userId: u1 }),
  event(`author-${a1}`, 'AuthorJoined', {
    authorId: a1,
    communityId: community,
    userId: u1,
    role: 'writer',
    userName: 'amartin',
    firstName: 'Anne',
    lastName: 'Martin',
    email: 'a@x.org',
    via: 'registrationKey',
  }),
  event(
    `author-${a2}`,
    'AuthorJoined',
    {
      authorId: a2,
      communityId: community,
      userId: u2,
      role: 'writer',
      userName: 'bob',
      firstName: 'Bob',
      lastName: 'Li',
      email: 'b@x.org',
      via: 'registrationKey',
    },
    u2,
  ),
  event(
    `author-${a3}`,
    'AuthorJoined',
    {
      authorId: a3,
      communityId: community,
      userId: u3,
      role: 'writer',
      userName: 'bob2',
      firstName: 'Bob',
      lastName: 'Nguyen',
      email: 'c@x.org',
      via: 'registrationKey',
    },
    u3,
  ),
  event(`author-${a2}`, 'AuthorRenamed', { authorId: a2, firstName: 'Robert', lastName: 'Li' }, u2),
  event(`contribution-${view}`, 'ContributionCreated', {
    contributionId: view,
    communityId: community,
    type: 'View',
    title: 'Ideas',
    status: 'active',
    permission: 'public',
    authors: [a1],
    group: null,
  }),
  event(`contribution-${note}`, 'ContributionCreated', {
    contributionId: note,
    communityId: community,
    type: 'Note',
    title: '',
    status: 'unsaved',
    permission: 'protected',
    authors: [a1],
    group: null,
  }),
  event(`contribution-${note}`, 'NoteContributed', {
    contributionId: note,
    title: 'Anne and Robert',
    body: body('Li, Bob and anne-marie agree with ANNE MARTIN; Lisa does not'),
    keywords: [],
    wordCount: 9,
    text4search: '',
  }),
  event(
    `contribution-${secret}`,
    'ContributionCreated',
    {
      contributionId: secret,
      communityId: community,
      type: 'Note',
      title: 'Diary',
      status: 'active',
      permission: 'protected',
      authors: [a2],
      group: null,
    },
    u2,
  ),
  event(`contribution-${secret}`, 'PermissionChanged', { contributionId: secret, permission: 'private', group: null }, u2),
  event(`contribution-${view}`, 'LinkCreated', {
    linkId: link,
    communityId: community,
    from: view,
    to: note,
    type: 'contains',
    data: { x: 1, y: 2 },
  }),
  event(
    `contribution-${view}`,
    'LinkCreated',
    { linkId: privateLink, communityId: community, from: view, to: secret, type: 'contains', data: { x: 3, y: 4 } },
    u2,
  ),
  event(`contribution-${view}`, 'LinkUpdated', { linkId: privateLink, from: view, data: { x: 5, y: 6 } }, u2),
  event(`contribution-${group}`, 'ContributionCreated', {
    contributionId: group,
    communityId: community,
    type: 'Group',
    title: 'Team',
    status: 'active',
    permission: 'public',
    authors: [a1],
    group: null,
    data: { members: [a1] },
  }),
  event(`contribution-${group}`, 'GroupMemberAdded', { contributionId: group, authorId: a2 }),
  event(`reads-${a2}`, 'ReadMarked', { authorId: a2, communityId: community, contributionId: note }, u2),
  event(`reads-${a2}`, 'ReadMarked', { authorId: a2, communityId: community, contributionId: secret }, u2),
  event(`feedback-ee`, 'FeedbackSent', {
    feedbackId: 'ee',
    userId: u1,
    from: 'a@x.org',
    title: 't',
    content: 'c',
    browser: null,
    communityTitle: 'Class',
  }),
];

const fakePseudonym = (userId: string) => `P-${userId.slice(-4)}`;
const options = { pseudonymOf: fakePseudonym, includePrivate: false, maskNames: false };
const P1 = fakePseudonym(u1);
const P2 = fakePseudonym(u2);
const P3 = fakePseudonym(u3);

describe('pseudonymiseCommunity', () => {
  it('leaves out users, user-name claims and feedback; drops keys and e-mails; names become the pseudonym', () => {
    const { lines, stats } = pseudonymiseCommunity(log, options);
    const text = JSON.stringify(lines);
    for (const gone of ['a@x.org', 'b@x.org', 'wk', '"mk"', 'amartin', u1, a1, u2, a2]) expect(text, gone).not.toContain(gone);
    // Without masking, names stay only where a pupil wrote them (in contributions).
    const outsideNotes = JSON.stringify(lines.filter((l) => !l.streamName.startsWith('contribution-')));
    for (const name of ['Anne', 'Martin', 'Robert', 'Bob', 'Nguyen']) expect(outsideNotes, name).not.toContain(name);
    expect(
      lines.some(
        (l) => l.streamName.startsWith('user-') || l.streamName.startsWith('usernameclaim-') || l.streamName.startsWith('feedback-'),
      ),
    ).toBe(false);
    expect(stats.leftOut.streams).toEqual({ user: 1, usernameclaim: 1, feedback: 1 });
    const joined = lines.find((l) => l.type === 'AuthorJoined' && l.metadata.actorId === P1);
    expect(joined).toMatchObject({
      streamName: `author-${P1}`,
      data: { authorId: P1, userId: P1, userName: P1, firstName: P1, lastName: P1 },
    });
    expect(joined?.data).not.toHaveProperty('email');
    expect(lines[0]?.data).toEqual({ communityId: community, title: 'Class', createdBy: P1 });
    expect(lines.find((l) => l.type === 'AuthorRenamed')?.data).toEqual({ authorId: P2, firstName: P2, lastName: P2 });
    expect(stats.persons).toBe(3);
    // Positions and event ids are kept.
    expect(lines[0]).toMatchObject({ globalPosition: 1, eventId: 'e1' });
  });

  it('leaves out a contribution private now, the links to it and the reads of it, unless includePrivate', () => {
    const { lines, stats } = pseudonymiseCommunity(log, options);
    expect(JSON.stringify(lines)).not.toContain(secret);
    expect(JSON.stringify(lines)).not.toContain(privateLink);
    expect(lines.filter((l) => l.type === 'ReadMarked')).toHaveLength(1);
    expect(stats).toMatchObject({ privateContributions: 1, leftOut: { privateEvents: 5 } });
    const all = pseudonymiseCommunity(log, { ...options, includePrivate: true });
    expect(JSON.stringify(all.lines)).toContain(secret);
    expect(all.stats.leftOut.privateEvents).toBe(0);
  });

  it('masks names in contributions only when asked: whole words, any case, a shared first name as [name]', () => {
    const plain = pseudonymiseCommunity(log, options);
    expect(JSON.stringify(plain.lines)).toContain('ANNE MARTIN');
    const { lines, stats } = pseudonymiseCommunity(log, { ...options, maskNames: true });
    const saved = lines.find((l) => l.type === 'NoteContributed')?.data as { title: string; body: ReturnType<typeof body> };
    expect(saved.title).toBe(`${P1} and ${P2}`);
    // "Li" (Bob Li's last name), "Bob" (two members) and "ANNE MARTIN" (a full name) are masked; "anne-marie" is masked
    // on "anne" (a hyphen ends a word); "Lisa" is not "Li".
    expect(saved.body.content[0]?.content[0]?.text).toBe(`${P2}, [name] and ${P1}-marie agree with ${P1}; Lisa does not`);
    expect(stats.namesMasked).toBe(6);
    // Only contributions are masked: a membership's role or the community's title are not text a pupil wrote.
    expect(lines.find((l) => l.type === 'CommunityCreated')?.data).toMatchObject({ title: 'Class' });
    expect(P3).not.toBe(P2);
  });

  it('refuses two persons with the same pseudonym', () => {
    expect(() => pseudonymiseCommunity(log, { ...options, pseudonymOf: () => 'P-same' })).toThrow(/same pseudonym/);
  });
});

describe('researchTables', () => {
  it('folds the pseudonymised events into notes, versions, reads, placements, memberships and permissions', () => {
    const { lines } = pseudonymiseCommunity(log, { ...options, includePrivate: true });
    const tables = researchTables(lines);
    expect(tables.notes.map((row) => [row[0], row[1], row[2], row[6], row[7]])).toEqual([
      [note, P1, 'Anne and Robert', 'protected', 'active'],
      [secret, P2, 'Diary', 'private', 'active'],
    ]);
    expect(tables.versions).toHaveLength(1);
    expect(tables.versions[0]?.slice(2, 7)).toEqual([
      note,
      P1,
      'contributed',
      'Anne and Robert',
      'Li, Bob and anne-marie agree with ANNE MARTIN; Lisa does not',
    ]);
    expect(tables.reads.map((row) => row.slice(2))).toEqual([
      [P2, note],
      [P2, secret],
    ]);
    expect(tables.placements.map((row) => row.slice(2, 7))).toEqual([
      ['placed', view, note, 1, 2],
      ['placed', view, secret, 3, 4],
      ['moved', view, secret, 5, 6],
    ]);
    expect(tables.memberships.map((row) => row.slice(2))).toEqual([
      ['joined', P1, 'writer', 'registrationKey'],
      ['joined', P2, 'writer', 'registrationKey'],
      ['joined', P3, 'writer', 'registrationKey'],
    ]);
    expect(tables.permissions.map((row) => [row[2], row[4]])).toEqual([
      [view, 'public'],
      [note, 'protected'],
      [secret, 'protected'],
      [secret, 'private'],
      [group, 'public'],
    ]);
    expect(tables.groups.map((row) => row.slice(2))).toEqual([
      ['created', group, 'Team', null],
      ['added', group, 'Team', P1],
      ['added', group, null, P2],
    ]);
    expect(tables.links).toEqual([]);
  });
});
