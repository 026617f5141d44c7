// An application's own key pair, made on this machine as the store's "generate key pair" page makes
// it in the browser: Ed25519, and the app's DID is the ABT DID of its public key (role blocklet,
// SHA3). The private key never leaves the machine; the CLI keeps it in its config file (mode 600).
import { generateKeyPairSync } from 'node:crypto';
import * as Did from '@arcblock/did';
import { types } from '@ocap/mcrypto';

export interface AppKey {
  did: string;
  type: 'ed25519';
  /** The raw 32-byte public key, hex. */
  publicKey: string;
  /** The 32-byte seed followed by the public key (64 bytes), hex, as ArcBlock wallets store it. */
  secretKey: string;
}

/** The ABT DID of an application whose raw Ed25519 public key is `publicKey`. */
export function appDidOf(publicKey: Buffer): string {
  return Did.fromPublicKey(publicKey, {
    role: types.RoleType.ROLE_BLOCKLET,
    pk: types.KeyType.ED25519,
    hash: types.HashType.SHA3,
  });
}

export function generateAppKey(): AppKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pub = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d ?? '', 'base64url');
  if (pub.length !== 32 || seed.length !== 32) throw new Error('Ed25519 key of unexpected size');
  return {
    did: appDidOf(pub),
    type: 'ed25519',
    publicKey: pub.toString('hex'),
    secretKey: Buffer.concat([seed, pub]).toString('hex'),
  };
}
