import french from '../../../web/src/i18n/locales/server/fr.json' with { type: 'json' };
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { wholeLog } from '../../app/communityStreams.ts';
import { bearer } from '../../../tests/support/testApp.ts';
import { matrix, must, note, type World } from '../../../tests/integration/contentAuthorization.world.ts';

/**
 * The research export from the web (issue 24 §3): POST /api/research/:communityId/export answers
 * the CLI's research export (services/app/researchExport.ts) as a ZIP. Who may call it is also in
 * the matrix (tests/integration/contentAuthorization.research.ts); this file checks the ZIP.
 */

const { world } = await matrix('research-export');

const exportAs = (w: World, who: { token: string } | null, payload: unknown = {}) =>
  w.t.app.inject({
    method: 'POST',
    url: `/api/research/${w.communityId}/export`,
    ...(who ? { headers: bearer(who.token) } : {}),
    payload: payload as object,
  });

/** Every credential and real name of the world's people, as written in their user streams. */
const secretsOf = async (w: World): Promise<string[]> => {
  const ids = new Set([w.pupil.id, w.classmate.id, w.manager.id, w.researcher.id, w.admin.id]);
  const found = new Set<string>();
  for await (const event of wholeLog(w.t.infra.eventStore)) {
    if (!ids.has(event.streamName.slice('user-'.length)) || !event.streamName.startsWith('user-')) continue;
    const data = event.data as Record<string, unknown>;
    for (const field of ['userName', 'email', 'passwordHash', 'firstName', 'lastName']) {
      const value = data[field];
      if (typeof value === 'string' && value.length >= 4) found.add(value);
    }
  }
  return [...found];
};

describe('POST /api/research/:communityId/export', () => {
  it('gives a researcher a ZIP of the research export, with no real name, e-mail or password hash, and the API pseudonyms', async () => {
    const w = await world('researcher');
    const { id } = await note(w);
    const reply = await exportAs(w, w.researcher, { maskNames: true });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zip');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="research-${w.communityId}.zip"`);
    const files = unzipSync(new Uint8Array(reply.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toContain('manifest.json');
    expect(names).toContain('events.jsonl');
    expect(names.filter((name) => name.endsWith('.csv')).length).toBeGreaterThan(0);
    expect(names.filter((name) => name.endsWith('.parquet')).length).toBe(names.filter((name) => name.endsWith('.csv')).length);
    const manifest = JSON.parse(strFromU8(files['manifest.json'] as Uint8Array)) as {
      format: string;
      community: { id: string };
      privateContributions: { included: boolean };
      namesInText: { masked: boolean };
      files: Record<string, string>;
    };
    expect(manifest.format).toBe('buildon-research-export/1');
    expect(manifest.community.id).toBe(w.communityId);
    expect(manifest.privateContributions.included).toBe(false);
    expect(manifest.namesInText.masked).toBe(true);
    expect(Object.keys(manifest.files).sort()).toEqual(names.filter((name) => name !== 'manifest.json'));

    // No real name, e-mail or password hash anywhere, in any file (Parquet read as bytes).
    const secrets = await secretsOf(w);
    expect(secrets.length).toBeGreaterThan(5);
    const texts = Object.values(files).map((bytes) => Buffer.from(bytes).toString('latin1'));
    for (const secret of secrets) for (const text of texts) expect(text.includes(secret), secret).toBe(false);
    const all = texts.join('\n');
    for (const person of [w.pupil, w.classmate, w.manager, w.researcher]) {
      expect(all).not.toContain(person.id);
      expect(all).not.toContain(person.authorId);
    }

    // The same pseudonym as the research API gives the pupil (author of the note).
    type Snapshot = { contributions: { id: string; authors: string[] }[] };
    const snapshot = (await must(w, w.researcher, 'GET', `/api/research/${w.communityId}/snapshot`)).json<Snapshot>();
    const pupil = snapshot.contributions.find((c) => c.id === id)?.authors[0] ?? '';
    expect(pupil).toMatch(/^P-[0-9a-f]{12}$/);
    expect(all).toContain(pupil);
    const apiPseudonyms = new Set(
      (await must(w, w.researcher, 'GET', `/api/research/${w.communityId}/events?after=0&limit=1000`)).body.match(/P-[0-9a-f]{12}/g),
    );
    const exportPseudonyms = new Set(all.match(/P-[0-9a-f]{12}/g));
    expect(apiPseudonyms.size).toBeGreaterThan(1);
    for (const pseudonym of apiPseudonyms) expect(exportPseudonyms.has(pseudonym), pseudonym).toBe(true);
  });

  it('is refused to a pupil, a classmate, a manager of another class (403) and a stranger (403), anonymous 401', async () => {
    const w = await world('pupil');
    const catalogue = french.server as Record<string, Record<string, string>>;
    const expected = [
      [w.pupil, 'community.researchOnly'],
      [w.classmate, 'community.researchOnly'],
      [w.otherManager, 'community.notMember'],
      [w.stranger, 'community.notMember'],
    ] as const;
    for (const [who, code] of expected) {
      const reply = await exportAs(w, who);
      expect(reply.statusCode, reply.body).toBe(403);
      expect(reply.headers['content-type']).not.toBe('application/zip');
      expect(reply.json<{ messageCode: string }>().messageCode).toBe(code);
    }
    // What a French-speaking pupil reads, and a stranger.
    expect(catalogue.community?.researchOnly).toBe(
      "L'interface de recherche est réservée aux chercheurs, gestionnaires et administrateurs de cette communauté.",
    );
    expect(catalogue.community?.notMember).toBe("Vous n'êtes pas membre de cette communauté.");
    expect((await exportAs(w, null)).statusCode).toBe(401);
  });

  it('is given to a manager of the class, and a bad option is a 400 naming the field', async () => {
    const w = await world('manager');
    const reply = await exportAs(w, w.manager);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(reply.rawPayload)))).toContain('manifest.json');
    const bad = await exportAs(w, w.manager, { maskNames: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('maskNames');
    const unknown = await exportAs(w, w.manager, { includePrivate: true });
    expect(unknown.statusCode).toBe(400);
    // No body at all: a 400, never a 500.
    const empty = await w.t.app.inject({ method: 'POST', url: `/api/research/${w.communityId}/export`, headers: bearer(w.manager.token) });
    expect(empty.statusCode).toBe(400);
  });
});
