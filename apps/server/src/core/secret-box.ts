import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The HKDF `info` of each kind of sealed secret: one key per use, all from the one instance key. */
export const SECRET_KINDS = {
  webhookEndpoints: 'payshelf:webhook-endpoint-secrets:v1',
  railSettings: 'payshelf:rail-settings-secrets:v1',
} as const;

/**
 * Encrypts secrets at rest (webhook signing secrets, a card provider's secret keys): AES-256-GCM under
 * a key derived (HKDF-SHA256, one `info` per kind) from the instance key, the app's secret key (APP_SK,
 * or the one generated in DATA_DIR/secrets), so a database dump alone reveals no secret and every host
 * sharing APP_SK can open them. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url); the owning row's id
 * is bound in as associated data, so a ciphertext copied onto another row does not decrypt.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(instanceKey: string | Uint8Array, info: string = SECRET_KINDS.webhookEndpoints) {
    const material = typeof instanceKey === 'string' ? Buffer.from(instanceKey, 'utf8') : instanceKey;
    this.key = Buffer.from(hkdfSync('sha256', material, 'payshelf', info, 32));
  }

  seal(plain: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The secret, or null when it was sealed under another key (APP_SK changed) or altered. */
  open(sealed: string, boundTo: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
