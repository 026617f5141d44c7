import { describe, expect, it } from 'vitest';
import { sameOriginVerdict, type OriginFacts } from './same-origin.js';

const base: OriginFacts = {
  method: 'POST',
  websocket: false,
  host: 'pay.example.com',
  origin: 'https://pay.example.com',
  referer: undefined,
  contentType: 'application/json',
  hasBody: true,
  authorization: undefined,
  cookieAuthenticated: true,
  publicOrigin: null,
};
const verdict = (changes: Partial<OriginFacts>) => sameOriginVerdict({ ...base, ...changes });

describe('sameOriginVerdict', () => {
  it('allows our own pages, by host or by PUBLIC_URL', () => {
    expect(verdict({})).toBe('allow');
    expect(verdict({ origin: 'http://pay.example.com' })).toBe('allow');
    expect(verdict({ host: 'internal:3000', publicOrigin: 'https://pay.example.com' })).toBe('allow');
    expect(verdict({ contentType: 'application/merge-patch+json; charset=utf-8' })).toBe('allow');
    expect(verdict({ contentType: undefined, hasBody: false })).toBe('allow');
  });

  it('refuses another site, a null origin, or no origin at all for cookie-authenticated writes', () => {
    expect(verdict({ origin: 'https://evil.example' })).toBe('cross_origin');
    expect(verdict({ origin: 'https://pay.example.com.evil.example' })).toBe('cross_origin');
    expect(verdict({ origin: 'null' })).toBe('cross_origin');
    expect(verdict({ origin: undefined })).toBe('missing_origin');
    expect(verdict({ origin: undefined, referer: 'https://evil.example/x' })).toBe('cross_origin');
    expect(verdict({ origin: undefined, referer: 'https://pay.example.com/checkout' })).toBe('allow');
  });

  it('refuses bodies a cross-site form can send', () => {
    expect(verdict({ contentType: 'text/plain' })).toBe('not_json');
    expect(verdict({ contentType: 'application/x-www-form-urlencoded' })).toBe('not_json');
    expect(verdict({ contentType: undefined })).toBe('not_json');
    expect(verdict({ contentType: 'application/octet-stream' })).toBe('not_json');
  });

  it('takes a store bundle (application/gzip) from our own pages only', () => {
    expect(verdict({ contentType: 'application/gzip' })).toBe('allow');
    expect(verdict({ contentType: 'application/gzip', origin: 'https://evil.example' })).toBe('cross_origin');
  });

  it('leaves reads, secret-key calls and cookie-less calls alone', () => {
    expect(verdict({ method: 'GET', origin: 'https://evil.example' })).toBe('allow');
    expect(verdict({ origin: 'https://evil.example', authorization: 'Bearer sk_test_x' })).toBe('allow');
    expect(verdict({ origin: 'https://evil.example', cookieAuthenticated: false })).toBe('allow');
  });

  it('checks the Origin of websocket handshakes when a browser sends one', () => {
    const ws = { method: 'GET', websocket: true };
    expect(verdict({ ...ws, origin: 'https://evil.example' })).toBe('cross_origin');
    expect(verdict({ ...ws })).toBe('allow');
    expect(verdict({ ...ws, origin: undefined })).toBe('allow');
  });
});
