import { expect } from 'vitest';
import { cloneTestDatabase } from '../support/database.js';
import { signInOwnerAliceBob, type TestBrowser } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { bundleOf, code, developerToken, put, randomDid, upload } from './store-support.js';

/** A store on its own database (1 MB bundle limit) with an owner and two developers, Alice and Bob. */
export interface StoreEnv {
  server: TestServer;
  owner: TestBrowser;
  alice: TestBrowser;
  bob: TestBrowser;
  aliceToken: string;
  bobToken: string;
  /** The owner's review action on a version. */
  review(did: string, version: string, action: string, extra?: Record<string, unknown>): Promise<Response>;
  /** Alice asks for review of her version. */
  requestReview(did: string, version: string): Promise<Response>;
  /** Alice's app, uploaded, reviewed and approved with `reviewType`. */
  publishedApp(name: string, reviewType: 'first' | 'each'): Promise<string>;
  stop(): Promise<void>;
}

/** `env` adds settings to the server's (a test that sends many bad tokens raises their limit). */
export async function startStoreEnv(env: Record<string, string> = {}): Promise<StoreEnv> {
  const db = await cloneTestDatabase();
  const server = await startTestServer(db.url, { STORE_MAX_BUNDLE_MB: '1', ...env });
  const [owner, alice, bob] = await signInOwnerAliceBob(server.url);
  const aliceToken = await developerToken(owner, alice);
  const bobToken = await developerToken(owner, bob);
  const review: StoreEnv['review'] = (did, version, action, extra = {}) =>
    put(owner, `/api/console/blocklets/${did}/review`, { version, action, ...extra });
  const requestReview: StoreEnv['requestReview'] = (did, version) =>
    put(alice, `/api/developer/blocklets/${did}/request-review`, { version });
  return {
    server,
    owner,
    alice,
    bob,
    aliceToken,
    bobToken,
    review,
    requestReview,
    async publishedApp(name, reviewType) {
      const did = randomDid();
      const uploaded = await upload(server.url, aliceToken, bundleOf({ did, name, version: '1.0.0' }));
      expect(uploaded.body.status).toBe('uploaded');
      expect(await code(requestReview(did, '1.0.0'))).toBe(200);
      expect(await code(review(did, '1.0.0', 'start'))).toBe(200);
      expect(await code(review(did, '1.0.0', 'approve', { reviewType }))).toBe(200);
      return did;
    },
    async stop() {
      await server.stop();
      await db.drop();
    },
  };
}
