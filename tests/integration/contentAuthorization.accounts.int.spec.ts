import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer } from '../support/testApp.ts';
import { accountRows, publicRoutes } from './contentAuthorization.accounts.ts';
import { attachment, matrix, note, view } from './contentAuthorization.world.ts';

/**
 * The account and admin routes × pupil, classmate, manager of another class, stranger and
 * anonymous (rows in contentAuthorization.accounts.ts), and the public routes: they answer
 * without a login and reveal nothing private, with or without a token.
 */

const { t, world, run } = await matrix('account and admin authorization (spec part 1 §6; fact sheet §12)');

run(accountRows);

describe('public routes (no login needed) reveal nothing private', () => {
  for (const entry of publicRoutes) {
    it(`${entry.route}: ${entry.reason}`, async () => {
      const w = await world('anonymous');
      await note(w, { permission: 'private' });
      await view(w, 'private');
      await attachment(w, 'private');
      const profile = (await t.app.inject({ method: 'GET', url: `/api/users/${w.pupil.id}`, headers: bearer(w.pupil.token) })).json<{
        email: string;
      }>();
      const [method] = entry.route.split(' ') as [InjectOptions['method']];
      for (const token of [null, w.stranger.token]) {
        const { url, ...options } = await entry.request(t, w);
        const response = await t.app.inject({ ...options, method, url, ...(token ? { headers: bearer(token) } : {}) });
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(response.statusCode, response.body).not.toBe(401);
        expect(response.statusCode, response.body).not.toBe(403);
        for (const hidden of [w.secret, 'writer-key', 'manager-key', profile.email, w.pupil.id, w.communityId, 'test$', 'hashedPassword']) {
          expect(response.body).not.toContain(hidden);
        }
      }
    });
  }
});
