import path from 'node:path';
import { HeadlessWallet, loadOrCreateKey, type Transport } from '@payshelf/wallet';
import type { FastifyInstance } from 'fastify';
import { walletSignatureAnswerer } from '../../rails/dev.js';
import { DEV_WALLET_PROFILE } from '../../core/dev-wallet-profile.js';

export { DEV_WALLET_PROFILE };

/**
 * The test wallet behind "Approve with test wallet": the headless wallet with a key kept in
 * DATA_DIR/secrets/dev-wallet.json (the CLI's default key too), talking to this server in process
 * through the same HTTP routes a phone uses. Only built when DEV_WALLET=1, which config refuses on a
 * live install.
 */
export async function createDevWallet(app: FastifyInstance, dataDir: string) {
  const key = await loadOrCreateKey(path.join(dataDir, 'secrets', 'dev-wallet.json'), DEV_WALLET_PROFILE);
  const transport: Transport = async (url, init) => {
    const u = new URL(url);
    const res = await app.inject({
      method: init.method,
      url: `${u.pathname}${u.search}`,
      headers: { ...init.headers, host: u.host, 'x-forwarded-proto': u.protocol.replace(':', '') },
      ...(init.body ? { payload: init.body } : {}),
    });
    return { status: res.statusCode, json: async () => res.json() };
  };
  const wallet = new HeadlessWallet(key.wallet, {
    profile: { ...DEV_WALLET_PROFILE, ...key.profile },
    transport,
    // Signs the EVM transfer of the payment `checkout` action with the key's derived EVM account.
    answerers: { signature: walletSignatureAnswerer },
  });
  return { did: wallet.did, approve: (deepLink: string) => wallet.approve(deepLink) };
}
