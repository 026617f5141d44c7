// The encrypted handoff of a token from the store to the CLI (connect): the CLI makes an X25519 key
// pair and sends only the public key; the store seals the token to it with a one-time X25519 key,
// HKDF-SHA256 and AES-256-GCM; only the CLI process holding the private key can open it.
import {
  createCipheriv,
  createDecipheriv,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

const INFO = Buffer.from('payshelf connect-cli v1');

/** A sealed message: all fields base64url. `ciphertext` ends with the 16-byte GCM tag. */
export interface SealedBox {
  ephemeralPublicKey: string;
  iv: string;
  ciphertext: string;
}

export interface HandoffKeys {
  /** Raw 32-byte X25519 public key, base64url: what the CLI sends to the store. */
  publicKey: string;
  privateKey: KeyObject;
}

export function createHandoffKeys(): HandoffKeys {
  const { publicKey, privateKey } = generateKeyPairSync('x25519');
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x) throw new Error('X25519 key without x');
  return { publicKey: jwk.x, privateKey };
}

const importPublic = (x: string) => createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x }, format: 'jwk' });

function key(shared: Buffer, ephemeral: string, recipient: string): Buffer {
  const salt = Buffer.concat([Buffer.from(ephemeral, 'base64url'), Buffer.from(recipient, 'base64url')]);
  return Buffer.from(hkdfSync('sha256', shared, salt, INFO, 32));
}

/** Store side: seals `plaintext` (UTF-8, e.g. JSON) to the CLI's `recipientPublicKey` (base64url). */
export function sealHandoff(recipientPublicKey: string, plaintext: string): SealedBox {
  if (Buffer.from(recipientPublicKey, 'base64url').length !== 32)
    throw new Error('publicKey must be 32 bytes, base64url');
  const eph = generateKeyPairSync('x25519');
  const ephX = eph.publicKey.export({ format: 'jwk' }).x ?? '';
  const shared = diffieHellman({ privateKey: eph.privateKey, publicKey: importPublic(recipientPublicKey) });
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(shared, ephX, recipientPublicKey), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { ephemeralPublicKey: ephX, iv: iv.toString('base64url'), ciphertext: body.toString('base64url') };
}

/** CLI side: opens a sealed box; throws when it was not sealed to `keys` or was altered. */
export function openHandoff(keys: HandoffKeys, box: SealedBox): string {
  const shared = diffieHellman({
    privateKey: keys.privateKey,
    publicKey: importPublic(box.ephemeralPublicKey),
  });
  const data = Buffer.from(box.ciphertext, 'base64url');
  if (data.length < 16) throw new Error('sealed box too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    key(shared, box.ephemeralPublicKey, keys.publicKey),
    Buffer.from(box.iv, 'base64url'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}
