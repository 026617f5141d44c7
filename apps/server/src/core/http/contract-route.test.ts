import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyRoute } from '@payshelf/api';
import { serveRoute } from './contract-route.js';

const entry = {
  method: 'GET',
  path: '/files/:file',
  params: z.object({ file: z.string() }),
  query: z.object({}),
  body: z.unknown(),
  response: z.object({ file: z.string() }),
} as unknown as AnyRoute;

/** A server with one contract route whose handler answers a file itself for `.svg`, JSON otherwise. */
function serverLogging(lines: string[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  serveRoute(app, entry, {
    authenticate: async () => null,
    checkResponses: false,
    handler: async ({ params, reply }) => {
      const { file } = params as { file: string };
      if (file.endsWith('.svg')) return reply.type('image/svg+xml').send('<svg/>');
      return { file };
    },
  });
  return app;
}

describe('a contract route', () => {
  it('sends a file its handler answered once, without a second send', async () => {
    const lines: string[] = [];
    const app = serverLogging(lines);
    const answer = await app.inject({ method: 'GET', url: '/files/logo.svg' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('image/svg+xml');
    expect(answer.body).toBe('<svg/>');
    expect(lines.join('')).not.toContain('already sent');
    await app.close();
  });

  it('sends a JSON answer the handler returned', async () => {
    const lines: string[] = [];
    const app = serverLogging(lines);
    const answer = await app.inject({ method: 'GET', url: '/files/a.txt' });
    expect(answer.json()).toEqual({ file: 'a.txt' });
    expect(lines).toEqual([]);
    await app.close();
  });
});
