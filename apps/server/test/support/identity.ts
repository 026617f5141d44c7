import {
  connectStatus,
  connectToken,
  sessionResponse,
  type ConnectStatus,
  type SessionUser,
} from '@payshelf/api';
import * as Jwt from '@arcblock/jwt';
import { authUrlFromDeepLink, HeadlessWallet } from '@payshelf/wallet';
import { fromRandom } from '@ocap/wallet';

/** A minimal browser: a cookie jar (names only, every path) in front of fetch. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  /** Raw Set-Cookie headers of the last response, for checking cookie flags. */
  lastSetCookies: string[] = [];

  constructor(readonly baseUrl: string) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    // As browsers do: every request that is not a GET or HEAD says which page (origin) sent it.
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin'))
      headers.set('origin', new URL(this.baseUrl).origin);
    if (init.body !== undefined && !headers.has('content-type'))
      headers.set('content-type', 'application/json');
    const res = await fetch(new URL(path, this.baseUrl), { ...init, headers, redirect: 'manual' });
    this.lastSetCookies = res.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.request(path, { headers });
  }

  post(path: string, body: unknown = {}, headers: Record<string, string> = {}) {
    return this.request(path, { method: 'POST', body: JSON.stringify(body), headers });
  }

  async session(): Promise<SessionUser | null> {
    const res = await this.get('/api/session');
    return sessionResponse.parse(await res.json()).user;
  }

  /** Asks for a login QR code, as the dialog does. */
  async startLogin(action = 'login') {
    const res = await this.post(`/api/did/${action}/token`, { locale: 'en' });
    if (res.status !== 200) throw new Error(`token: HTTP ${res.status} ${await res.text()}`);
    return connectToken.parse(await res.json());
  }

  async status(token: string, action = 'login'): Promise<{ http: number; body: ConnectStatus | unknown }> {
    const res = await this.get(`/api/did/${action}/status?_t_=${token}`);
    const body: unknown = await res.json();
    return { http: res.status, body: res.status === 200 ? connectStatus.parse(body) : body };
  }
}

export function newWallet(
  fullName = 'Alice Example',
  email = 'alice@example.com',
  avatar?: string,
): HeadlessWallet {
  return new HeadlessWallet(fromRandom(), { profile: { fullName, email, ...(avatar ? { avatar } : {}) } });
}

/** The full login: QR code in the browser, approval in the wallet, status poll that sets the cookie. */
export async function signIn(browser: TestBrowser, wallet: HeadlessWallet): Promise<SessionUser> {
  const { token, url } = await browser.startLogin();
  await wallet.approve(url);
  const polled = await browser.status(token);
  if (polled.http !== 200) throw new Error(`status: HTTP ${polled.http} ${JSON.stringify(polled.body)}`);
  const user = await browser.session();
  if (!user) throw new Error('signed in but /api/session has no user');
  return user;
}

/**
 * Three browsers signed in on a fresh server at `url`: Olivia the owner (the first DID to sign in becomes
 * the owner), then Alice and Bob.
 */
export async function signInOwnerAliceBob(url: string): Promise<[TestBrowser, TestBrowser, TestBrowser]> {
  const [owner, alice, bob] = [new TestBrowser(url), new TestBrowser(url), new TestBrowser(url)] as const;
  await signIn(owner, newWallet('Olivia Owner', 'owner@example.com'));
  await signIn(alice, newWallet('Alice Example', 'alice@example.com'));
  await signIn(bob, newWallet('Bob Example', 'bob@example.com'));
  return [owner, alice, bob];
}

/** What the app sent back, decoded (after checking its signature). */
export interface AppMessage {
  appPk: string;
  body: Record<string, unknown>;
}

async function appMessage(res: Response): Promise<AppMessage> {
  const raw = (await res.json()) as { appPk?: string; authInfo?: string };
  if (!raw.appPk || !raw.authInfo) throw new Error(`not a signed app message: ${JSON.stringify(raw)}`);
  if (!(await Jwt.verify(raw.authInfo, raw.appPk))) throw new Error('app signature does not verify');
  return { appPk: raw.appPk, body: Jwt.decode(raw.authInfo, true) };
}

/** One step of the protocol by hand, for tests that misbehave on purpose. */
export const manual = {
  async scan(deepLink: string): Promise<AppMessage> {
    return appMessage(await fetch(authUrlFromDeepLink(deepLink)));
  },
  async answer(
    url: string,
    wallet: HeadlessWallet,
    payload: Record<string, unknown>,
    userPk = wallet.publicKey,
  ): Promise<AppMessage> {
    const userInfo = await wallet.signAnswer(payload);
    return manual.post(url, { userPk, userInfo });
  },
  async post(url: string, body: Record<string, unknown>): Promise<AppMessage> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return appMessage(res);
  },
};
