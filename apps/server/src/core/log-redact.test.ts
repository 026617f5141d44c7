import { describe, expect, it } from 'vitest';
import { redactUrl, withoutSqlValues } from './log-redact.js';

describe('redactUrl', () => {
  it('replaces the values of credential-like query parameters only', () => {
    expect(redactUrl('/api/did/login/auth?_t_=abc&_s_=sig&locale=en')).toBe(
      '/api/did/login/auth?_t_=[redacted]&_s_=[redacted]&locale=en',
    );
    expect(redactUrl('/x?authToken=t&api_key=k&client_secret=s&signature=g&livemode=false')).toBe(
      '/x?authToken=[redacted]&api_key=[redacted]&client_secret=[redacted]&signature=[redacted]&livemode=false',
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});

describe('withoutSqlValues', () => {
  it("drops drizzle's bound parameters and PostgreSQL's key detail, along the cause chain", () => {
    const serialized = withoutSqlValues({
      message: 'Failed query: insert into customers values ($1)\nparams: Zelda Secretname',
      stack: 'Error: Failed query: insert\nparams: Zelda Secretname,zelda@example.com\n    at x (y.js:1:1)',
      params: ['Zelda Secretname'],
      cause: { message: 'duplicate key', detail: 'Key (email)=(zelda@example.com) already exists.' },
    });
    expect(JSON.stringify(serialized)).not.toMatch(/Secretname|zelda@/);
    expect(serialized.stack).toContain('    at x (y.js:1:1)');
  });
});
