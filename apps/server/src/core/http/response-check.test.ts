import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './errors.js';
import { checkResponse } from './response-check.js';

const route = {
  method: 'GET',
  path: '/things/:id',
  response: z.object({ id: z.string(), items: z.array(z.object({ n: z.number() })) }),
};
const log = pino({ level: 'silent' });

function failure(answer: unknown): ApiError {
  try {
    checkResponse(route, answer, log);
  } catch (err) {
    if (err instanceof ApiError) return err;
  }
  throw new Error('expected a response_mismatch');
}

describe('checkResponse', () => {
  it('passes an answer that matches its schema, as the client receives it', () => {
    expect(() => checkResponse(route, { id: 'a', items: [{ n: 1 }] }, log)).not.toThrow();
  });

  it('answers 500 response_mismatch naming the route and the wrong field', () => {
    const err = failure({ id: 1, items: [] });
    expect(err.status).toBe(500);
    expect(err.code).toBe('response_mismatch');
    expect(err.message).toMatch(/^GET \/things\/:id answered outside its schema: id: /);
  });

  it('refuses fields the schema does not declare, nested ones too', () => {
    expect(failure({ id: 'a', items: [], email: 'x@example.com' }).message).toMatch(
      /email: not in the schema/,
    );
    expect(failure({ id: 'a', items: [{ n: 1, secret: 's' }] }).message).toMatch(/items\.0\.secret/);
  });
});
