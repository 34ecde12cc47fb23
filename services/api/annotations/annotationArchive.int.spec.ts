import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Annotation } from '../../../contracts/api/annotations.ts';
import type { ObjectReply } from '../../../contracts/api/objects.ts';
import { annotationTextOf } from '../../../contracts/annotations.ts';
import { exportCommunity } from '../../cli/communityArchive.ts';
import { importData } from '../../cli/exportImport.ts';
import { buildApp } from '../app.ts';
import { openInfrastructure, type Infrastructure } from '../../app/infrastructure.ts';
import { auth, classRoom, createContribution, textDoc } from '../../../tests/support/objects.ts';
import { tempDirs, withoutPositions } from '../../../tests/support/archive.ts';
import { buildTestApp, fastTestHasher, testConfig } from '../../../tests/support/testApp.ts';

/**
 * Annotations survive a community archive (services/cli): their events —
 * ContributionCreated, the annotates link, AnnotationEdited, the delete — are
 * in the community's contribution streams, and replaying them rebuilds the
 * same read models (contributions, links, history) and the same listing.
 */
const newDir = tempDirs();

const strip = withoutPositions;

const dump = async (infra: Infrastructure, communityId: string) => {
  const col = (name: string) => infra.readStore.collection(name);
  return {
    annotations: strip(await col('contributions').find({ communityId, type: 'Annotation' }, { sort: { _id: 1 } })),
    links: strip(await col('links').find({ communityId, type: 'annotates' }, { sort: { _id: 1 } })),
    // Historical ids follow global positions, which an import renumbers.
    history: strip(await col('historicalobjects').find({ communityId, dataType: 'Annotation' }, { sort: { dataId: 1, revision: 1 } })).map(
      ({ _id, ...rest }) => rest,
    ),
  };
};

describe('community archive round trip with annotations', () => {
  it('export --community then import reproduces annotations, their links and history, and the listing', async () => {
    const sourceDir = newDir('buildon-annot-src-');
    const t = await buildTestApp({ dataDir: sourceDir });
    const room = await classRoom(t);
    const noteId = await createContribution(t, {
      communityId: room.communityId,
      type: 'Note',
      authors: [room.a.authorId],
      actorId: room.a.userId,
    });
    const body = textDoc('Les plantes ont besoin de lumière.');
    const loaded = (await t.app.inject({ method: 'GET', url: `/api/objects/${noteId}`, headers: auth(room.a.token) })).json<ObjectReply>();
    await t.app.inject({
      method: 'PUT',
      url: `/api/objects/${room.communityId}/${noteId}`,
      headers: auth(room.a.token),
      payload: { revision: loaded.revision, title: 'T', body },
    });
    const annotate = async (quote: string, text: string, permission: 'private' | 'protected') => {
      const start = annotationTextOf(body).indexOf(quote);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/objects/${room.communityId}/${noteId}/annotations`,
        headers: auth(room.b.token),
        payload: { ranges: [{ start, end: start + quote.length }], quote, text, permission },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Annotation>();
    };
    const kept = await annotate('plantes', 'kept', 'protected');
    await annotate('lumière', 'private one', 'private');
    const removed = await annotate('besoin', 'removed', 'protected');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/annotations/${kept._id}`,
          headers: auth(room.b.token),
          payload: { text: 'kept, edited' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/annotations/${removed._id}`, headers: auth(room.b.token) })).statusCode).toBe(
      204,
    );
    const listed = (await t.app.inject({ method: 'GET', url: `/api/objects/${noteId}/annotations`, headers: auth(room.b.token) })).json<
      Annotation[]
    >();
    const source = await dump(t.infra, room.communityId);
    expect(source.annotations).toHaveLength(3);
    expect(source.links).toHaveLength(2);
    // Three created, one edited, one deleted (made inactive); the links keep a history of their own.
    expect(source.history.map((h) => h.eventType).sort()).toEqual([
      'AnnotationEdited',
      'ContributionCreated',
      'ContributionCreated',
      'ContributionCreated',
      'ContributionStatusChanged',
    ]);

    const archive = join(newDir('buildon-annot-out-'), 'archive');
    const manifest = await exportCommunity(t.infra.eventStore, t.infra.blobStore, room.communityId, archive, undefined, {
      withCredentials: true,
    });
    expect(manifest.categories.contribution?.streams).toBeGreaterThanOrEqual(4);
    await t.close();

    const target = newDir('buildon-annot-dst-');
    const infra = await openInfrastructure(testConfig(target), { passwords: fastTestHasher });
    try {
      await importData(infra.eventStore, infra.blobStore, archive, { window: 64 });
      await infra.runner.waitFor(await infra.eventStore.headPosition(), 60_000);
      expect(await dump(infra, room.communityId)).toEqual(source);
      const app = await buildApp({ services: infra, jwtSecret: infra.secret, webRoot: null });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/auth/local',
          payload: { userName: room.b.userName, password: 'secret-pass-1' },
        });
        const token = login.json<{ token: string }>().token;
        const copy = await app.inject({ method: 'GET', url: `/api/objects/${noteId}/annotations`, headers: auth(token) });
        expect(copy.json<Annotation[]>()).toEqual(listed);
        expect(listed.map((a) => a.text)).toEqual(['kept, edited', 'private one']);
      } finally {
        await app.close();
      }
    } finally {
      await infra.close();
    }
  }, 120_000);
});
