import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fromPublicKey } from '@ocap/wallet';
import { fromBase58 } from '@ocap/util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServer, type Server } from '../src/app.js';
import { loadConfig } from '../src/core/config.js';
import { freePort } from '../src/db/embedded.js';
import { ConnectRefusal, type ConnectAction } from '../src/platform/identity/index.js';
import { cloneTestDatabase } from './support/database.js';
import { newWallet, TestBrowser } from './support/identity.js';

/**
 * Another module (payment, say) registers its own DID Connect action with its own parameters and
 * claims; it gets the same machinery as login: storage, binding, checks, single use.
 */
let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: Server;
let url: string;
const completed: Array<{ orderId: string; did: string }> = [];

const signedOrder = z.object({ type: z.literal('signature'), origin: z.string(), sig: z.string() });

const approveOrder: ConnectAction = {
  name: 'approve-order',
  params: z.object({ orderId: z.string().regex(/^ord_\w+$/) }),
  claims: {
    signature: ({ extraParams }) => ({
      typeUrl: 'mime:text/plain',
      data: `pay order ${String(extraParams.orderId)}`,
      description: 'Sign to approve the order',
    }),
  },
  async onAuth({ claims, userPk, params }) {
    const claim = signedOrder.parse(claims.find((c) => signedOrder.safeParse(c).success));
    const signer = fromPublicKey(userPk);
    const ok = await signer.verify(fromBase58(claim.origin), fromBase58(claim.sig), true);
    if (!ok) throw new ConnectRefusal('The order signature does not verify');
    if (params.orderId === 'ord_refused') throw new ConnectRefusal('This order cannot be paid');
    return { orderId: params.orderId, paid: true };
  },
  async onComplete({ params, userDid }) {
    completed.push({ orderId: String(params.orderId), did: userDid });
  },
};

beforeAll(async () => {
  db = await cloneTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'payshelf-actions-')),
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    LOG_LEVEL: 'silent',
  });
  server = await createServer(config, pino({ level: 'silent' }));
  server.app.identity.connect.register(approveOrder);
  url = (await server.start()).replace('127.0.0.1', 'localhost');
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

describe('actions registered by other modules', () => {
  it('validates the action parameters when the browser asks for a token', async () => {
    const browser = new TestBrowser(url);
    const bad = await browser.post('/api/did/approve-order/token', { orderId: 'nope' });
    expect(bad.status).toBe(400);
  });

  it('asks for its own claims, checks the answers itself, and completes once for the browser', async () => {
    const browser = new TestBrowser(url);
    const res = await browser.post('/api/did/approve-order/token', { orderId: 'ord_42' });
    const { token, url: link } = (await res.json()) as { token: string; url: string };
    const wallet = newWallet('Payer');
    const result = await wallet.approve(link);
    expect(result.steps).toEqual([['authPrincipal'], ['signature']]);
    expect(result.response).toEqual({ orderId: 'ord_42', paid: true });
    expect((await browser.status(token, 'approve-order')).body).toMatchObject({ status: 'succeed' });
    expect(completed).toEqual([{ orderId: 'ord_42', did: wallet.did }]);
    // A login token is not an approve-order token, and vice versa.
    expect((await browser.status(token, 'login')).http).toBe(404);
  });

  it('passes a refusal message to the wallet and the browser', async () => {
    const browser = new TestBrowser(url);
    const res = await browser.post('/api/did/approve-order/token', { orderId: 'ord_refused' });
    const { token, url: link } = (await res.json()) as { token: string; url: string };
    await expect(newWallet().approve(link)).rejects.toThrow('This order cannot be paid');
    expect((await browser.status(token, 'approve-order')).body).toMatchObject({
      status: 'error',
      error: 'This order cannot be paid',
    });
  });
});
