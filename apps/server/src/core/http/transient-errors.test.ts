import { describe, expect, it } from 'vitest';
import { isTransientDatabaseError } from './errors.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('transient database errors answer 503, not 500', () => {
  it('recognises a busy, restarting or deadlocked database', () => {
    expect(isTransientDatabaseError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isTransientDatabaseError(pgError('57P01'))).toBe(true);
    expect(isTransientDatabaseError(pgError('40P01'))).toBe(true);
    expect(isTransientDatabaseError(pgError('40001'))).toBe(true);
    expect(isTransientDatabaseError(pgError('ECONNREFUSED'))).toBe(true);
  });

  it('leaves real failures alone', () => {
    expect(isTransientDatabaseError(pgError('23505'))).toBe(false);
    expect(isTransientDatabaseError(pgError('42P01'))).toBe(false);
    expect(isTransientDatabaseError(new TypeError('x is undefined'))).toBe(false);
    expect(isTransientDatabaseError('timeout')).toBe(false);
  });
});
