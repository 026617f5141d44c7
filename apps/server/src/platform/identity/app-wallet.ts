import path from 'node:path';
import { loadOrCreateKey } from '@payshelf/wallet';
import { fromSecretKey, type WalletObject } from '@ocap/wallet';
import type { Logger } from 'pino';

/**
 * The app's own DID wallet, which signs every request a wallet sees. APP_SK wins (for several hosts
 * behind one name); otherwise the key generated on first start under DATA_DIR/secrets (mode 600).
 */
export async function loadAppWallet(
  appSk: string | undefined,
  dataDir: string,
  log: Logger,
): Promise<WalletObject> {
  if (appSk) return fromSecretKey(appSk.startsWith('0x') ? appSk : `0x${appSk}`);
  const key = await loadOrCreateKey(path.join(dataDir, 'secrets', 'app-wallet.json'));
  if (key.created) log.info({ did: key.wallet.address, file: key.file }, 'created the app wallet');
  return key.wallet;
}
