import { describe, expect, it } from 'vitest';
import { formatError } from './errorText';

describe('formatError (SPEC section 8)', () => {
  it('joins a list of errors by line breaks', () => {
    expect(formatError([new Error('a'), { message: 'b' }, 'c'])).toBe('a\nb\nc');
  });

  it('words a list of details as Validate failed', () => {
    const error = {
      message: 'ignored',
      details: [
        { path: ['customer', 'email'], message: 'invalid' },
        { path: ['name'], message: 'required' },
      ],
    };
    expect(formatError(error)).toBe('Validate failed: customer.email: invalid; name: required');
  });

  it('uses the server response error field, as a string or its message', () => {
    expect(formatError({ message: 'HTTP 400', response: { data: { error: 'Bad thing' } } })).toBe(
      'Bad thing',
    );
    expect(
      formatError({ message: 'HTTP 400', response: { data: { error: { code: 'X', message: 'Nope' } } } }),
    ).toBe('Nope');
  });

  it('falls back to the message plus the body for a response without an error field', () => {
    expect(formatError({ message: 'HTTP 502', response: { data: 'Bad gateway' } })).toBe(
      'HTTP 502 Bad gateway',
    );
    expect(formatError({ message: 'HTTP 500', response: { data: { ok: false } } })).toBe(
      'HTTP 500 {"ok":false}',
    );
  });

  it('otherwise uses the message, and Unknown error without one', () => {
    expect(formatError(new Error('boom'))).toBe('boom');
    expect(formatError('plain')).toBe('plain');
    expect(formatError(undefined)).toBe('Unknown error');
    expect(formatError(null)).toBe('Unknown error');
    expect(formatError({})).toBe('Unknown error');
  });
});
