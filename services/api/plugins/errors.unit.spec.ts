import { describe, expect, it } from 'vitest';
import { messageCodes, msg, templateOf } from '../../../contracts/messageCodes.ts';
import { fieldErrors, problem } from './errors.ts';

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
