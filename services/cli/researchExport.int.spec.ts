import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parquetReadObjects } from 'hyparquet';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserDocument } from '../../projections/users/index.ts';
import { classRoom, type ClassRoom } from '../../tests/support/objects.ts';
import { useTempDirs } from '../../tests/support/suite.ts';
import { buildTestApp, type TestApp } from '../../tests/support/testApp.ts';
import { timeMachineDriver } from '../../tests/support/timemachine.ts';
import { pseudonymOf } from '../app/researchPseudonyms.ts';
import type { ResearchManifest } from './researchExport.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');

const kf = async (dataDir: string, env: Record<string, string>, ...args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'services/cli/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, BUILDON_STUDY_SECRET: '', ...env, BUILDON_DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

/** Every file of an export folder, concatenated. */
const allText = (dir: string) =>
  readdirSync(dir)
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('\n');
const table = (dir: string, name: string) =>
  Papa.parse<Record<string, string>>(readFileSync(join(dir, `${name}.csv`), 'utf8'), { header: true, skipEmptyLines: true });

/** A Python with pandas, and R with jsonlite, to run examples/ on an export; null (and the reason printed) when absent. */
const python = ['python3', '/usr/bin/python3'].find((bin) => spawnSync(bin, ['-c', 'import pandas']).status === 0) ?? null;
const rscript = spawnSync('Rscript', ['-e', 'library(jsonlite)']).status === 0 ? 'Rscript' : null;
if (!python) console.warn('examples/load_research.py is not run: no python3 with pandas here');
if (!rscript) console.warn('examples/load_research.R is not run: no Rscript with jsonlite here');

let one: ClassRoom;
const newDir = useTempDirs();
let sourceDir: string;
const ids: Record<string, string> = {};
/** Every password hash, e-mail address and registration key of the source store. */
const secrets: string[] = [];
/** Every member's user id and author id. */
const personIds: string[] = [];

beforeAll(async () => {
  sourceDir = newDir('buildon-research-src-');
  const t: TestApp = await buildTestApp({ dataDir: sourceDir });
  const clock = { advance: () => undefined };
  one = await classRoom(t);
  const d = timeMachineDriver(t, clock, one.communityId);
  ids.view = await d.createView(one.manager.authorId, one.manager.userId);
  ids.n1 = await d.createNote(one.a.authorId, one.a.userId);
  await d.contribute(ids.n1, 'Why do leaves fall?', `I think ${one.b.userName} is right about the wind`, one.a.userId);
  ids.p1 = await d.place(ids.view, ids.n1, 10, 20, one.a.userId);
  await d.move(ids.view, ids.p1, 50, 60, one.a.userId);
  ids.n2 = await d.createNote(one.b.authorId, one.b.userId);
  await d.contribute(ids.n2, 'Building on', 'Maybe the cold too', one.b.userId);
  ids.link = await d.buildOn(ids.n2, ids.n1, one.b.userId);
  ids.secret = await d.createNote(one.c.authorId, one.c.userId, { permission: 'private' });
  await d.contribute(ids.secret, 'My diary', 'Only for me', one.c.userId);
  const read = await t.infra.eventStore.append(`reads-${one.a.authorId}`, [
    {
      type: 'ReadMarked',
      data: { authorId: one.a.authorId, communityId: one.communityId, contributionId: ids.n2 },
      metadata: { actorId: one.a.userId, at: new Date().toISOString() },
    },
  ]);
  await t.infra.runner.waitFor(read.lastPosition);
  const alice = await t.infra.readStore.collection<UserDocument>('users').get(one.a.userId);
  if (!alice) throw new Error('no alice');
  await t.infra.help.send(
    alice,
    { email: 'a-feedback@example.org', subject: 'Help', content: 'Hello', communityId: one.communityId },
    'test',
  );
  for (const event of await t.infra.eventStore.readAll({ after: 0, maxCount: 100_000 })) {
    const data = event.data as Record<string, unknown>;
    for (const field of ['passwordHash', 'email', 'registrationKey', 'managerRegistrationKey']) {
      if (typeof data[field] === 'string' && data[field] !== '') secrets.push(data[field]);
    }
    if (event.type === 'FeedbackSent') secrets.push(data.from as string);
    if (event.type === 'AuthorJoined' && data.communityId === one.communityId) {
      personIds.push(data.authorId as string, data.userId as string);
    }
  }
  await t.close();
}, 120_000);

describe('export --community <id> --research <folder>', () => {
  const dirs: Record<string, string> = {};

  beforeAll(async () => {
    const out = newDir('buildon-research-out-');
    const exports: [string, Record<string, string>, string[]][] = [
      ['first', {}, ['--study-secret', 'study-one']],
      ['again', { BUILDON_STUDY_SECRET: 'study-one' }, []],
      ['other', {}, ['--study-secret', 'study-two']],
      ['masked', { BUILDON_STUDY_SECRET: 'study-one' }, ['--mask-names', '--include-private']],
    ];
    for (const [name, env, flags] of exports) {
      dirs[name] = join(out, name);
      const result = await kf(sourceDir, env, 'export', '--community', one.communityId, '--research', dirs[name], ...flags);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/wrote a research export of .*5 pseudonymised persons/);
    }
  }, 180_000);

  it('writes no password hash, e-mail, registration key, nor any member id', () => {
    expect(secrets.length).toBeGreaterThan(10);
    expect(secrets).toContain('writer-key');
    expect(personIds).toHaveLength(10);
    for (const dir of Object.values(dirs)) {
      const text = allText(dir);
      for (const secret of secrets) expect(text, `${secret} in ${dir}`).not.toContain(secret);
      for (const id of personIds) {
        const at = text.indexOf(id);
        expect(at, `${id} in ${dir}: ${text.slice(at - 300, at + 50)}`).toBe(-1);
      }
      expect(text).not.toContain('@example.org');
    }
  });

  it('gives every person the same pseudonym in two exports with the same secret, another with another secret', () => {
    const first = readFileSync(join(dirs.first!, 'events.jsonl'), 'utf8');
    expect(readFileSync(join(dirs.again!, 'events.jsonl'), 'utf8')).toBe(first);
    const alice = pseudonymOf('study-one', one.a.userId);
    expect(alice).toMatch(/^P-[0-9a-f]{12}$/);
    expect(first).toContain(`"actorId":"${alice}"`);
    expect(first).toContain(`author-${alice}`);
    const other = readFileSync(join(dirs.other!, 'events.jsonl'), 'utf8');
    expect(other).not.toContain(alice);
    expect(other).toContain(pseudonymOf('study-two', one.a.userId));
    // A membership's names are the pseudonym.
    const joined = first
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> })
      .find((event) => event.type === 'AuthorJoined' && event.data.authorId === alice);
    expect(joined?.data).toMatchObject({ userId: alice, userName: alice, firstName: alice, lastName: alice });
    expect(joined?.data).not.toHaveProperty('email');
  });

  it('leaves private notes out unless --include-private', () => {
    expect(allText(dirs.first!)).not.toContain(ids.secret);
    expect(allText(dirs.first!)).not.toContain('My diary');
    expect(readFileSync(join(dirs.masked!, 'events.jsonl'), 'utf8')).toContain('My diary');
    expect(table(dirs.first!, 'notes').data.map((row) => row.noteId)).toEqual([ids.n1, ids.n2]);
    expect(table(dirs.masked!, 'notes').data.map((row) => row.noteId)).toEqual([ids.n1, ids.n2, ids.secret]);
  });

  it('writes a manifest saying what was removed and how', () => {
    const manifest = JSON.parse(readFileSync(join(dirs.first!, 'manifest.json'), 'utf8')) as ResearchManifest;
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(manifest).toMatchObject({
      format: 'buildon-research-export/1',
      buildonVersion: pkg.version,
      community: { id: one.communityId },
      pseudonymisation: { persons: 5 },
      privateContributions: { included: false, count: 1 },
      namesInText: { masked: false, replacements: 0 },
    });
    expect(manifest.pseudonymisation.method).toContain('HMAC-SHA256');
    expect(manifest.removed.fields).toEqual(expect.arrayContaining(['email', 'passwordHash', 'registrationKey', 'managerRegistrationKey']));
    expect(Object.keys(manifest.removed.streams).sort()).toEqual(['feedback', 'user', 'usernameclaim']);
    expect(manifest.counts.streamsLeftOut).toMatchObject({ user: 5, usernameclaim: 5, feedback: 1 });
    expect(manifest.privateContributions.eventsLeftOut).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(manifest.exportedAt)).toBeLessThan(600_000);
    for (const [name, sha] of Object.entries(manifest.files)) {
      expect(
        createHash('sha256')
          .update(readFileSync(join(dirs.first!, name)))
          .digest('hex'),
        name,
      ).toBe(sha);
    }
    const tables = ['groups', 'links', 'memberships', 'notes', 'permissions', 'placements', 'reads', 'versions'];
    expect(Object.keys(manifest.files).sort()).toEqual(
      ['events.jsonl', ...tables.flatMap((name) => [`${name}.csv`, `${name}.parquet`])].sort(),
    );
    const masked = JSON.parse(readFileSync(join(dirs.masked!, 'manifest.json'), 'utf8')) as ResearchManifest;
    expect(masked.privateContributions.included).toBe(true);
    expect(masked.namesInText.masked).toBe(true);
    expect(masked.namesInText.replacements).toBeGreaterThan(0);
  });

  it("--mask-names replaces a member's name written in a note by their pseudonym", () => {
    const bob = pseudonymOf('study-one', one.b.userId);
    expect(readFileSync(join(dirs.first!, 'events.jsonl'), 'utf8')).toContain(`I think ${one.b.userName} is right`);
    const masked = allText(dirs.masked!);
    expect(masked).not.toContain(one.b.userName);
    expect(masked).toContain(`I think ${bob} is right`);
    expect(table(dirs.masked!, 'notes').data[0]?.text).toBe(`I think ${bob} is right about the wind`);
  });

  it('writes the tables in log order, with pseudonyms', () => {
    const dir = dirs.first!;
    const alice = pseudonymOf('study-one', one.a.userId);
    const bob = pseudonymOf('study-one', one.b.userId);
    const notes = table(dir, 'notes').data;
    expect(notes[0]).toMatchObject({
      noteId: ids.n1,
      authors: alice,
      title: 'Why do leaves fall?',
      permission: 'protected',
      status: 'active',
    });
    expect(Date.parse(notes[0]!.contributed!)).toBeGreaterThanOrEqual(Date.parse(notes[0]!.created!));
    expect(table(dir, 'reads').data).toEqual([expect.objectContaining({ reader: alice, noteId: ids.n2 })]);
    expect(table(dir, 'links').data).toEqual([
      expect.objectContaining({ event: 'created', type: 'buildson', from: ids.n2, to: ids.n1, actor: bob }),
    ]);
    const placements = table(dir, 'placements').data;
    // The view's own placements (the community's root context holds its views and scaffolds too).
    expect(placements.filter((p) => p.viewId === ids.view).map((p) => [p.event, p.contributionId, p.x, p.y])).toEqual([
      ['placed', ids.n1, '10', '20'],
      ['moved', ids.n1, '50', '60'],
    ]);
    const versions = table(dir, 'versions').data;
    expect(versions.map((v) => v.noteId)).toEqual([ids.n1, ids.n2]);
    const memberships = table(dir, 'memberships').data;
    expect(memberships).toHaveLength(5);
    expect(memberships.map((m) => m.person)).toContain(alice);
    for (const name of ['versions', 'reads', 'placements', 'memberships', 'permissions']) {
      const positions = table(dir, name).data.map((row) => Number(row.position));
      expect(positions, name).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('writes each table as Parquet too, row for row the CSV, with typed columns', async () => {
    for (const dir of [dirs.first!, dirs.masked!]) {
      for (const name of ['notes', 'versions', 'reads', 'links', 'placements', 'memberships', 'permissions', 'groups']) {
        const csv = table(dir, name);
        const bytes = readFileSync(join(dir, `${name}.parquet`));
        const rows = await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
        // Back to the CSV's text: integers and numbers as digits, instants as ISO 8601, null as an empty cell.
        const asCsv = rows.map((row) =>
          Object.fromEntries(
            Object.entries(row).map(([key, value]) => [
              key,
              value === null ? '' : value instanceof Date ? value.toISOString() : String(value as string | number | bigint),
            ]),
          ),
        );
        expect(asCsv, `${dir} ${name}`).toEqual(csv.data);
        expect(Object.keys(rows[0] ?? {}), name).toEqual(rows.length ? csv.meta.fields : []);
      }
    }
    const notes = readFileSync(join(dirs.first!, 'notes.parquet'));
    const [first] = await parquetReadObjects({ file: notes.buffer.slice(notes.byteOffset, notes.byteOffset + notes.byteLength) });
    expect(first).toMatchObject({ noteId: ids.n1, title: 'Why do leaves fall?', authors: pseudonymOf('study-one', one.a.userId) });
    expect(first?.created).toBeInstanceOf(Date);
    expect(typeof first?.position).toBe('bigint');
  });

  it.runIf(python)(
    'examples/load_research.py loads every table',
    async () => {
      const { stdout } = await run(python!, [join(root, 'examples/load_research.py'), dirs.first!]);
      expect(stdout).toContain('5 persons, private notes left out');
      expect(stdout).toMatch(/notes: 2 rows\nversions: 2 rows\nreads: 1 rows\nlinks: 1 rows/);
      expect(stdout).toContain(pseudonymOf('study-one', one.a.userId));
    },
    60_000,
  );

  it.runIf(rscript)(
    'examples/load_research.R loads every table',
    async () => {
      const { stdout } = await run(rscript!, [join(root, 'examples/load_research.R'), dirs.first!]);
      expect(stdout).toContain(': 5 persons');
      expect(stdout).toMatch(/notes : 2 rows\nversions : 2 rows\nreads : 1 rows\nlinks : 1 rows/);
    },
    60_000,
  );

  it('--kbdex --pseudonymise writes the research pseudonyms as authors and no real name of the class', async () => {
    const csv = join(newDir('buildon-research-kbdex-'), 'data.csv');
    const result = await kf(
      sourceDir,
      { BUILDON_STUDY_SECRET: 'study-one' },
      'export',
      '--community',
      one.communityId,
      '--kbdex',
      csv,
      '--pseudonymise',
    );
    expect(result.code, result.stderr).toBe(0);
    const file = readFileSync(csv, 'utf8');
    const rows = Papa.parse<string[]>(file.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.slice(1);
    const [alice, bob] = [one.a.userId, one.b.userId].map((id) => pseudonymOf('study-one', id));
    // The same pseudonyms as the research export made with the same secret.
    expect(rows.map((row) => row[1])).toEqual([alice, bob]);
    expect(readFileSync(join(dirs.first!, 'events.jsonl'), 'utf8')).toContain(alice);
    expect(rows[0]?.[2]).toBe(`I think ${bob} is right about the wind`);
    const text = file.toLowerCase();
    for (const m of [one.manager, one.a, one.b, one.c]) {
      for (const name of [m.userName, `Test ${m.userName}`, m.userId, m.authorId]) expect(text, name).not.toContain(name.toLowerCase());
    }
    // Without the flag the file names them: the grep above can fail.
    const plain = join(newDir('buildon-research-kbdex-'), 'plain.csv');
    expect((await kf(sourceDir, {}, 'export', '--community', one.communityId, '--kbdex', plain)).code).toBe(0);
    expect(readFileSync(plain, 'utf8')).toContain(one.b.userName);
    // Without a secret: refused, naming the flag.
    const refused = await kf(sourceDir, {}, 'export', '--community', one.communityId, '--kbdex', plain, '--pseudonymise');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--pseudonymise needs the study secret');
  }, 120_000);

  it('refuses without a study secret, naming the flag', async () => {
    const result = await kf(
      sourceDir,
      {},
      'export',
      '--community',
      one.communityId,
      '--research',
      join(newDir('buildon-research-bad-'), 'x'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--study-secret');
  }, 60_000);

  it('names a research flag given without --research, and --with-credentials without --out', async () => {
    const csv = join(newDir('buildon-research-bad-'), 'x.csv');
    const masked = await kf(sourceDir, {}, 'export', '--community', one.communityId, '--kbdex', csv, '--mask-names');
    expect(masked.code).toBe(1);
    expect(masked.stderr).toContain('--mask-names goes with --research');
    const credentials = await kf(sourceDir, {}, 'export', '--community', one.communityId, '--kbdex', csv, '--with-credentials');
    expect(credentials.code).toBe(1);
    expect(credentials.stderr).toContain('--with-credentials goes with --out');
  }, 60_000);
});
