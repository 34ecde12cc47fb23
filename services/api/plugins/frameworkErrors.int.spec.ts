import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { useCanvasWorld } from '../../../tests/support/canvas.ts';
import { bearer } from '../../../tests/support/testApp.ts';

/**
 * Refusals Fastify itself makes (the content parsers, the router) answer problem JSON naming the
 * part of the request, like schema failures, and append nothing: found by the route fuzzer
 * (tests/integration/routeFuzz.int.spec.ts, issue 17 §2), which met a bare `{ error, code }`
 * JSON 414 for a long path parameter and 400s naming no field for a malformed JSON body.
 */
const { t, w } = useCanvasWorld();

const expectProblem = (response: LightMyRequestResponse, status: number, field: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = response.json<{ status: number; code: string; errors?: { field: string }[] }>();
  expect(body.status).toBe(status);
  expect(body.errors?.map((e) => e.field)).toEqual([field]);
};

describe('framework refusals are problem JSON naming the field (issue 17 §2)', () => {
  it('a malformed or empty JSON body is a 400 naming the body, and writes nothing', async () => {
    const before = await t.infra.eventStore.headPosition();
    for (const payload of ['{"a":', '[1,2', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/contributions/${w.communityId}`,
        headers: { ...bearer(w.writer.token), 'content-type': 'application/json' },
        payload,
      });
      expectProblem(response, 400, 'body');
    }
    expect(await t.infra.eventStore.headPosition()).toBe(before);
  });

  it('a body of a media type nothing parses is a 415 naming the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/contributions/${w.communityId}`,
      headers: { ...bearer(w.writer.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'type=Note',
    });
    expectProblem(response, 415, 'body');
  });

  it('a path parameter over the router limit is a 414 problem naming the path', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/views/${'a'.repeat(5000)}`, headers: bearer(w.writer.token) });
    expectProblem(response, 414, 'path');
  });

  it('a path the router cannot decode is a 400 problem naming the path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/views/%E0%A4%A', headers: bearer(w.writer.token) });
    expectProblem(response, 400, 'path');
  });
});
