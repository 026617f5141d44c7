import * as Jwt from '@arcblock/jwt';
import { fromBase58, toBase58 } from '@ocap/util';
import { fromRandom, type WalletObject } from '@ocap/wallet';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Transport } from './wallet.js';
import { DidConnectError, HeadlessWallet } from './wallet.js';

const AUTH = 'http://app.example/api/did/login/auth?_t_=1a2b3c4d&_s_=sig';
const LINK = `https://abtwallet.io/i/?action=requestAuth&url=${encodeURIComponent(encodeURIComponent(AUTH))}`;

interface Posted {
  userPk: string;
  userInfo: string;
}

/** A scripted app: each call answers with the next message, signed by `signer` unless told otherwise. */
function fakeApp(
  messages: Array<Record<string, unknown>>,
  app: WalletObject = fromRandom(),
  claimedPk?: string,
) {
  const posted: Posted[] = [];
  const urls: string[] = [];
  const transport: Transport = async (url, init) => {
    urls.push(`${init.method} ${url}`);
    if (init.body) posted.push(JSON.parse(init.body) as Posted);
    const next = messages.shift() ?? { status: 'error', errorMessage: 'no more' };
    const authInfo = await Jwt.sign(app.address, app.secretKey, next, true, '1.1.0');
    return { status: 200, json: async () => ({ appPk: claimedPk ?? toBase58(app.publicKey), authInfo }) };
  };
  return { transport, posted, urls };
}

const request = (challenge: string, claims: Array<Record<string, unknown>>, url = AUTH) => ({
  action: 'responseAuth',
  challenge,
  url,
  appInfo: { name: 'Payshelf' },
  requestedClaims: claims,
});

describe('HeadlessWallet', () => {
  it('answers each round with signed claims, echoing the challenge, until the app says ok', async () => {
    const app = fakeApp([
      request('C1', [{ type: 'authPrincipal' }]),
      request('C2', [{ type: 'profile', items: ['fullName', 'email', 'did'] }]),
      { status: 'ok', response: { hello: 'world' }, successMessage: 'done' },
    ]);
    const key = fromRandom();
    const wallet = new HeadlessWallet(key, {
      profile: { fullName: 'Una', email: 'una@example.com' },
      transport: app.transport,
    });
    const result = await wallet.approve(LINK);
    expect(result).toMatchObject({ did: key.address, appName: '', steps: [['authPrincipal'], ['profile']] });
    expect(result.response).toEqual({ hello: 'world' });
    expect(app.urls[0]).toBe(`GET ${AUTH}`);
    expect(app.posted).toHaveLength(2);
    for (const p of app.posted) expect(await Jwt.verify(p.userInfo, p.userPk)).toBe(true);
    const second = Jwt.decode(app.posted[1]?.userInfo ?? '', true);
    expect(second).toMatchObject({
      action: 'responseAuth',
      challenge: 'C2',
      requestedClaims: [{ type: 'profile', fullName: 'Una', email: 'una@example.com', did: key.address }],
    });
  });

  it('signs what a signature claim asks for', async () => {
    const digest = toBase58(Buffer.alloc(32, 7));
    const app = fakeApp([
      request('C1', [{ type: 'signature', digest, typeUrl: 'mime:text/plain' }]),
      { status: 'ok' },
    ]);
    const key = fromRandom();
    await new HeadlessWallet(key, { transport: app.transport }).approve(LINK);
    const answer = z
      .object({ requestedClaims: z.array(z.object({ sig: z.string() })) })
      .parse(Jwt.decode(app.posted[0]?.userInfo ?? '', true));
    const sig = answer.requestedClaims[0]?.sig ?? '';
    expect(await key.verify(fromBase58(digest), fromBase58(sig), false)).toBe(true);
  });

  it('refuses an app whose signature does not verify against the key it names', async () => {
    const app = fakeApp(
      [request('C1', [{ type: 'authPrincipal' }])],
      fromRandom(),
      toBase58(fromRandom().publicKey),
    );
    await expect(
      new HeadlessWallet(fromRandom(), { transport: app.transport }).approve(LINK),
    ).rejects.toThrow(/signature does not verify/);
    expect(app.posted).toHaveLength(0);
  });

  it('never posts to another origin than the link named', async () => {
    const app = fakeApp([request('C1', [{ type: 'authPrincipal' }], 'https://evil.example/collect')]);
    await expect(
      new HeadlessWallet(fromRandom(), { transport: app.transport }).approve(LINK),
    ).rejects.toThrow(/another origin/);
    expect(app.posted).toHaveLength(0);
  });

  it('reports the app refusal, and refuses claims it cannot answer unless given an answerer', async () => {
    const refused = fakeApp([{ status: 'error', errorMessage: 'Session not found or expired' }]);
    const error = await new HeadlessWallet(fromRandom(), { transport: refused.transport })
      .approve(LINK)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DidConnectError);
    expect(error instanceof Error ? error.message : '').toBe('Session not found or expired');

    const unknown = fakeApp([request('C1', [{ type: 'prepareTx', partialTx: 'x' }]), { status: 'ok' }]);
    await expect(
      new HeadlessWallet(fromRandom(), { transport: unknown.transport }).approve(LINK),
    ).rejects.toThrow(/cannot answer a prepareTx/);
    const custom = fakeApp([request('C1', [{ type: 'prepareTx', partialTx: 'x' }]), { status: 'ok' }]);
    const wallet = new HeadlessWallet(fromRandom(), {
      transport: custom.transport,
      answerers: { prepareTx: async (claim) => ({ ...claim, finalTx: 'signed' }) },
    });
    await wallet.approve(LINK);
    expect(Jwt.decode(custom.posted[0]?.userInfo ?? '', true).requestedClaims).toEqual([
      { type: 'prepareTx', partialTx: 'x', finalTx: 'signed' },
    ]);
  });

  it('declines with the challenge, and stops an app that never finishes', async () => {
    const app = fakeApp([request('C1', [{ type: 'authPrincipal' }]), { status: 'ok' }]);
    await new HeadlessWallet(fromRandom(), { transport: app.transport }).decline(LINK);
    expect(Jwt.decode(app.posted[0]?.userInfo ?? '', true)).toMatchObject({
      action: 'declineAuth',
      challenge: 'C1',
    });
    const endless = fakeApp(
      Array.from({ length: 5 }, (_, i) => request(`C${i}`, [{ type: 'authPrincipal' }])),
    );
    await expect(
      new HeadlessWallet(fromRandom(), { transport: endless.transport, maxSteps: 3 }).approve(LINK),
    ).rejects.toThrow(/more than 3 rounds/);
  });
});
