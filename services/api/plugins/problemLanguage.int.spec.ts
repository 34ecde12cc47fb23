import { describe, expect, it } from 'vitest';
import fr from '../../../web/src/i18n/locales/server/fr.json' with { type: 'json' };
import es from '../../../web/src/i18n/locales/server/es.json' with { type: 'json' };
import zhCN from '../../../web/src/i18n/locales/server/zh_CN.json' with { type: 'json' };
import { useCanvasWorld } from '../../../tests/support/canvas.ts';
import { bearer } from '../../../tests/support/testApp.ts';

/**
 * A Knowledge Forum 6 client shows a refusal's `message` as it comes: with
 * `Accept-Language: fr` it is the French text of the web interface, not the
 * English one (found running a KF6 client against Buildon in session 16).
 */
const { t, w } = useCanvasWorld();

type Problem = { message: string; detail: string; messageCode: string; errors?: { field: string; message: string }[] };

const contextCreate = (language?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/contexts/${w.communityId}`,
    headers: { ...bearer(w.writer.token), ...(language ? { 'accept-language': language } : {}) },
    payload: { title: 'Contexte' },
  });

describe('problem messages in the Accept-Language of the request', () => {
  it("a pupil's refusal reads in French, Spanish or Chinese as asked, and in English without the header", async () => {
    const french = await contextCreate('fr-CA,fr;q=0.9');
    expect(french.statusCode).toBe(403);
    expect(french.json<Problem>()).toMatchObject({
      messageCode: 'community.managerOnly',
      message: fr.server.community.managerOnly,
      detail: fr.server.community.managerOnly,
    });
    expect(french.headers['content-language']).toBe('fr');
    expect(french.headers.vary).toMatch(/Accept-Language/);

    expect((await contextCreate('es')).json<Problem>().message).toBe(es.server.community.managerOnly);
    expect((await contextCreate('zh-CN')).json<Problem>().message).toBe(zhCN.server.community.managerOnly);
    expect((await contextCreate('de')).json<Problem>().message).toBe(fr.server.community.managerOnly);

    const english = await contextCreate();
    expect(english.json<Problem>().message).toBe('This action requires the manager role in this community.');
    expect(english.headers['content-language']).toBeUndefined();
  });

  it('field errors of a schema refusal carry the field in the translated text', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/contributions/${w.communityId}`,
      headers: { ...bearer(w.writer.token), 'accept-language': 'fr' },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<Problem>();
    expect(body.errors?.length).toBeGreaterThan(0);
    for (const error of body.errors ?? []) {
      expect(error.message).toContain(error.field);
      expect(error.message).toMatch(/Le champ/);
    }
    expect(body.message).toMatch(/^Le champ/);
  });

  it('a refusal without a session, an unknown route and an unreadable URL are French too', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/communities/${w.communityId}`, headers: { 'accept-language': 'fr' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<Problem>().message).toBe(fr.server.errors.unauthorized);

    const unknown = await t.app.inject({ method: 'GET', url: '/api/nowhere', headers: { 'accept-language': 'fr' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Problem>().message).toBe("Cette adresse n'existe pas (GET /api/nowhere).");

    const unreadable = await t.app.inject({
      method: 'GET',
      url: '/api/views/%E0%A4%A',
      headers: { ...bearer(w.writer.token), 'accept-language': 'fr' },
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json<Problem>().errors?.[0]?.message).toMatch(/Le champ path/);
  });
});
