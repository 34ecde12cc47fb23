import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { messageCodes, msg, templateOf } from '../../../contracts/messageCodes.ts';
import { ConcurrencyError } from '../../core/errors.ts';
import { errorsPlugin, fieldErrors, infrastructureFailure, problem } from './errors.ts';

describe('problem details carry a message code (issue 21 §6)', () => {
  it('keeps the English text in detail and message, and adds the code and its params', () => {
    expect(problem(429, msg('errors.tooManyAttempts', { seconds: 42 }))).toEqual({
      type: 'https://buildon.dev/problems/rate_limited',
      title: 'Too Many Requests',
      status: 429,
      detail: 'Too many attempts. Try again in 42 s.',
      message: 'Too many attempts. Try again in 42 s.',
      code: 'rate_limited',
      messageCode: 'errors.tooManyAttempts',
      params: { seconds: 42 },
    });
  });

  it('codes schema failures per rule, naming the field (and the length limit) in params', () => {
    expect(
      fieldErrors(
        [
          { keyword: 'required', params: { missingProperty: 'title' } },
          { keyword: 'maxLength', instancePath: '/title', params: { limit: 200 }, message: 'must NOT have more than 200 characters' },
          { keyword: 'type', instancePath: '/x', message: 'must be number' },
        ],
        'body',
      ),
    ).toEqual([
      { field: 'title', message: 'title is required', messageCode: 'errors.fieldRequired', params: { field: 'title' } },
      {
        field: 'title',
        message: 'title must NOT have more than 200 characters',
        messageCode: 'errors.fieldTooLong',
        params: { field: 'title', limit: 200 },
      },
      { field: 'x', message: 'x must be number', messageCode: 'errors.fieldInvalid', params: { field: 'x' } },
    ]);
  });

  it('has one template per code, with no code twice', () => {
    const codes = messageCodes();
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(templateOf(code), code).not.toBe(code);
  });
});

describe('infrastructure failures and conflicts answer what a user can act on (issue 22 §4, §5)', () => {
  const errorApp = async (thrown: () => Error) => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw thrown();
    });
    return app;
  };
  const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

  it.each([
    ['a refused connection', () => coded('connect ECONNREFUSED 127.0.0.1:6379', 'ECONNREFUSED'), 503],
    [
      'ioredis giving up',
      () => Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' }),
      503,
    ],
    ['a closed connection', () => new Error('Connection is closed.'), 503],
    [
      'a MongoDB server selection',
      () => Object.assign(new Error('Server selection timed out'), { name: 'MongoServerSelectionError' }),
      503,
    ],
    ['a wrapped cause', () => new Error('query failed', { cause: coded('socket hang up', 'ECONNRESET') }), 503],
    ['SQLite full', () => coded('database or disk is full', 'SQLITE_FULL'), 507],
    ['a full file system', () => coded('ENOSPC: no space left on device, write', 'ENOSPC'), 507],
    ['a bug', () => new TypeError('x is undefined'), 500],
  ])('%s', async (_label, thrown, status) => {
    expect(infrastructureFailure(thrown())?.status ?? 500).toBe(status);
    const app = await errorApp(thrown);
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(status);
    if (status === 503) expect(response.headers['retry-after']).toBe('5');
    if (status === 507) expect(response.json()).toMatchObject({ code: 'storage_full', messageCode: 'errors.storageFull' });
    await app.close();
  });

  it('a conflict that reaches the user names no internal stream and says to try again', async () => {
    const app = await errorApp(() => new ConcurrencyError('contribution-0123456789abcdef01234567', '4', '5'));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(409);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toMatchObject({ code: 'concurrency', messageCode: 'errors.concurrency' });
    expect(response.body).not.toMatch(/contribution-|Stream|revision/);
    await app.close();
  });
});
