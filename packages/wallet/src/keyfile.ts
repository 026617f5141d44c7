import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fromRandom, fromSecretKey, type WalletObject } from '@ocap/wallet';
import { z } from 'zod';

/** What a key file holds: the secret key, the address it must yield, and the profile to answer with. */
const keyFile = z.object({
  version: z.literal(1),
  sk: z.string().regex(/^0x[0-9a-fA-F]{64,128}$/),
  address: z.string().min(20),
  profile: z
    .object({
      fullName: z.string().optional(),
      email: z.string().optional(),
      avatar: z.string().optional(),
    })
    .default({}),
});
export type KeyFile = z.infer<typeof keyFile>;
export type WalletProfile = KeyFile['profile'];

export interface LoadedKey {
  wallet: WalletObject;
  profile: WalletProfile;
  file: string;
  created: boolean;
}

function fromKeyFile(raw: string, file: string): { wallet: WalletObject; profile: WalletProfile } {
  const parsed = keyFile.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error(`${file} is not a wallet key file`);
  const wallet = fromSecretKey(parsed.data.sk);
  if (wallet.address !== parsed.data.address) throw new Error(`${file}: the key does not match its address`);
  return { wallet, profile: parsed.data.profile };
}

/**
 * Reads the wallet kept in `file`, or creates one there (mode 600, directory 700). Creation is
 * exclusive, so processes starting together end up with the same key.
 */
export async function loadOrCreateKey(file: string, profile: WalletProfile = {}): Promise<LoadedKey> {
  try {
    return { ...fromKeyFile(await readFile(file, 'utf8'), file), file, created: false };
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const wallet = fromRandom();
  const content: KeyFile = { version: 1, sk: wallet.secretKey, address: wallet.address, profile };
  try {
    await writeFile(file, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return { wallet, profile, file, created: true };
  } catch (err) {
    if (!isExisting(err)) throw err;
    // Another process created it first: use theirs.
    return { ...fromKeyFile(await readFile(file, 'utf8'), file), file, created: false };
  }
}

function isMissing(err: unknown): boolean {
  return err instanceof Error && 'code' in err && err.code === 'ENOENT';
}
function isExisting(err: unknown): boolean {
  return err instanceof Error && 'code' in err && err.code === 'EEXIST';
}
