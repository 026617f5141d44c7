/** An application key pair made in the browser: Ed25519, raw keys in base64url and hex. */
export interface AppKeyPair {
  publicKey: string;
  /** The 32-byte seed followed by the public key (64 bytes), hex, as ArcBlock wallets store it. */
  secretKeyHex: string;
  publicKeyHex: string;
}

const toHex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Generates an Ed25519 key pair with WebCrypto; throws `unsupported` where the browser cannot. */
export async function generateAppKeyPair(subtle: SubtleCrypto = crypto.subtle): Promise<AppKeyPair> {
  let pair: CryptoKeyPair;
  try {
    pair = (await subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  } catch {
    throw new Error('unsupported');
  }
  const publicRaw = new Uint8Array(await subtle.exportKey('raw', pair.publicKey));
  // PKCS#8 of an Ed25519 key ends with the 32-byte seed.
  const pkcs8 = new Uint8Array(await subtle.exportKey('pkcs8', pair.privateKey));
  const seed = pkcs8.slice(pkcs8.length - 32);
  return {
    publicKey: toBase64Url(publicRaw),
    publicKeyHex: toHex(publicRaw),
    secretKeyHex: toHex(new Uint8Array([...seed, ...publicRaw])),
  };
}

/** The key file the page offers to download. */
export function keyFile(did: string, pair: AppKeyPair): string {
  return `${JSON.stringify(
    { did, type: 'ed25519', publicKey: pair.publicKeyHex, secretKey: pair.secretKeyHex },
    null,
    2,
  )}\n`;
}
