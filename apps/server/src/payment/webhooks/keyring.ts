import type { Logger } from 'pino';
import type { Config } from '../../core/config.js';
import { loadAppWallet } from '../../platform/identity/app-wallet.js';
import { SecretBox } from './secret-box.js';

const boxes = new Map<string, Promise<SecretBox>>();

/** The box sealing webhook secrets, keyed by the instance key: APP_SK, else DATA_DIR/secrets/app-wallet.json. */
export function secretBoxOf(config: Config, log: Logger): Promise<SecretBox> {
  const id = `${config.APP_SK ?? ''}|${config.dataDir}`;
  let box = boxes.get(id);
  if (!box) {
    box = loadAppWallet(config.APP_SK, config.dataDir, log).then((wallet) => new SecretBox(wallet.secretKey));
    box.catch(() => boxes.delete(id));
    boxes.set(id, box);
  }
  return box;
}
