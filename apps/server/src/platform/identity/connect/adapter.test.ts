import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { chainWrite } from './chain-writes.js';
import { httpOf, negotiateLanguage, runChain, toConnectRequest, type ConnectMiddleware } from './adapter.js';

function fakeRequest(headers: Record<string, string>, query: Record<string, unknown> = {}): FastifyRequest {
  return {
    headers,
    query,
    body: undefined,
    protocol: 'http',
    url: '/api/did/login/token',
  } as unknown as FastifyRequest;
}
const reply = {} as FastifyReply;

describe('DID Connect adapter', () => {
  it('negotiates the language by quality, falling back to the first offered', () => {
    expect(negotiateLanguage('zh-CN,zh;q=0.9,en;q=0.8', ['en-US', 'zh-CN'])).toBe('zh-CN');
    expect(negotiateLanguage('en;q=0.2, zh-TW;q=0.8', ['en-US', 'zh-CN'])).toBe('zh-CN');
    expect(negotiateLanguage('fr-FR', ['en-US', 'zh-CN'])).toBe('en-US');
    expect(negotiateLanguage('', ['en-US', 'zh-CN'])).toBe('en-US');
  });

  it('drops forgeable proxy headers unless the proxy is trusted, and params the library must not see', () => {
    const request = fakeRequest(
      { host: 'shop.example', 'x-forwarded-host': 'evil.example', 'x-user-did': 'z1x', cookie: 'a=b' },
      { _t_: 'abc', previousWorkflowData: 'x', sourceToken: 'y' },
    );
    const plain = toConnectRequest({ request, reply }, { trustProxy: false });
    expect(plain.get('x-forwarded-host')).toBeUndefined();
    expect(plain.get('X-User-Did')).toBeUndefined();
    expect(plain.get('Host')).toBe('shop.example');
    expect(plain.query).toEqual({ _t_: 'abc' });
    expect(plain.cookies).toEqual({});
    expect(httpOf(plain).request).toBe(request);
    const proxied = toConnectRequest({ request, reply }, { trustProxy: true });
    expect(proxied.get('x-forwarded-host')).toBe('evil.example');
  });

  it('resolves with the answer even when a handler answers without awaiting, and rejects on throw', async () => {
    const req = toConnectRequest({ request: fakeRequest({}), reply }, { trustProxy: false });
    const passes: ConnectMiddleware = (_q, _s, next) => next();
    const late: ConnectMiddleware = (_q, res) => {
      setTimeout(() => res.status(403).json({ error: 'no' }), 5);
    };
    expect(await runChain(req, [passes, late])).toEqual({ via: 'json', status: 403, body: { error: 'no' } });
    const boom: ConnectMiddleware = async () => {
      throw new Error('boom');
    };
    await expect(runChain(req, [passes, boom])).rejects.toThrow('boom');
    await expect(runChain(req, [passes])).rejects.toThrow(/without an answer/);
    await expect(runChain(req, [() => undefined], 20)).rejects.toThrow(/did not answer/);
  });

  it('answers only once the token writes the chain started without awaiting have settled', async () => {
    const req = toConnectRequest({ request: fakeRequest({}), reply }, { trustProxy: false });
    const written: string[] = [];
    let release = () => {};
    const slowWrite = new Promise<void>((resolve) => {
      release = () => {
        written.push('error recorded');
        resolve();
      };
    });
    // As the library's processing-error path does: record the outcome, do not await it, answer the wallet.
    const refuses: ConnectMiddleware = (_q, res) => {
      void chainWrite(slowWrite);
      res.jsonp({ error: 'This order cannot be paid' });
    };
    const answered = runChain(req, [refuses]).then((captured) => {
      written.push('answered');
      return captured;
    });
    setImmediate(release);
    expect(await answered).toMatchObject({ via: 'jsonp', body: { error: 'This order cannot be paid' } });
    expect(written).toEqual(['error recorded', 'answered']);
  });
});
