import type { SessionUser } from '@payshelf/api';
import { newWallet, signIn, TestBrowser } from '../support/identity.js';

export type TestRole = 'owner' | 'admin' | 'member' | 'developer' | 'guest';

export interface SignedIn {
  browser: TestBrowser;
  user: SessionUser;
  did: string;
}

/**
 * Signs a new wallet in and gives it `role`. The first sign-in of a fresh install becomes the owner,
 * so call `signInOwner` before anyone else; other roles are granted by that owner, and `guest` is a
 * signed-in user without passports.
 */
export class TestUsers {
  private owner: SignedIn | null = null;

  constructor(private readonly baseUrl: string) {}

  async signInOwner(): Promise<SignedIn> {
    if (this.owner) return this.owner;
    const browser = new TestBrowser(this.baseUrl);
    const user = await signIn(browser, newWallet('Olivia Owner', 'olivia@example.com'));
    if (user.role !== 'owner') throw new Error(`expected the first sign-in to be owner, got ${user.role}`);
    this.owner = { browser, user, did: user.did };
    return this.owner;
  }

  async signInAs(role: Exclude<TestRole, 'owner'>, name = `${role} user`): Promise<SignedIn> {
    const owner = await this.signInOwner();
    const browser = new TestBrowser(this.baseUrl);
    let user = await signIn(browser, newWallet(name, `${role}@example.com`));
    if (role !== 'guest') {
      const res = await owner.browser.post(`/api/members/${user.did}/passports`, { role });
      if (res.status !== 201) throw new Error(`grant ${role}: HTTP ${res.status} ${await res.text()}`);
      const refreshed = await browser.session();
      if (!refreshed) throw new Error('session lost after grant');
      user = refreshed;
    }
    return { browser, user, did: user.did };
  }
}

export function put(browser: TestBrowser, path: string, body: unknown): Promise<Response> {
  return browser.request(path, { method: 'PUT', body: JSON.stringify(body) });
}

export function cookieOf(browser: TestBrowser): string {
  return [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}
