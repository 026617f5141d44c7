import type { Logger } from 'pino';
import type { Config } from '../../core/config.js';
import { SECRET_KINDS, SecretBox } from '../../core/secret-box.js';
import { loadAppWallet } from '../../platform/identity/app-wallet.js';

const boxes = new Map<string, Promise<SecretBox>>();

/**
 * The box sealing one kind of secret (webhook secrets by default), keyed by the instance key: APP_SK,
 * else DATA_DIR/secrets/app-wallet.json.
 */
export function secretBoxOf(
  config: Pick<Config, 'APP_SK' | 'dataDir'>,
  log: Logger,
  kind: string = SECRET_KINDS.webhookEndpoints,
): Promise<SecretBox> {
  const id = `${config.APP_SK ?? ''}|${config.dataDir}|${kind}`;
  let box = boxes.get(id);
  if (!box) {
    box = loadAppWallet(config.APP_SK, config.dataDir, log).then(
      (wallet) => new SecretBox(wallet.secretKey, kind),
    );
    box.catch(() => boxes.delete(id));
    boxes.set(id, box);
  }
  return box;
}
