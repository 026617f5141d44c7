import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getAddress, isAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import type { RailMethod } from '../plugin.js';
import { RailError } from '../types.js';

/** Everything the EVM rail needs about one payment method; plain JSON, so a job can carry it. */
export const evmSettings = z.object({
  methodId: z.string(),
  chainId: z.number().int().min(1),
  rpcUrl: z.url(),
  explorerHost: z.string().nullable(),
  confirmations: z.number().int().min(1).max(1000),
  /** Receives payments; null means the hot wallet's own address. */
  merchant: z.string().nullable(),
});
export type EvmSettings = z.infer<typeof evmSettings>;

const methodSettings = z.object({
  chain_id: z.coerce.number().int().min(1),
  api_host: z.url(),
  explorer_host: z.string().optional(),
  merchant_address: z
    .string()
    .refine((v) => isAddress(v), 'must be a 0x address')
    .optional(),
});

export const EVM_METHOD_TYPES = ['ethereum', 'base'] as const;

export function isEvmMethod(type: string): boolean {
  return (EVM_METHOD_TYPES as readonly string[]).includes(type);
}

/** Reads `settings.<type>` ({chain_id, api_host, explorer_host, merchant_address?}) and the confirmation depth. */
export function evmSettingsFromMethod(method: RailMethod): EvmSettings {
  if (!isEvmMethod(method.type))
    throw new RailError('rail_unsupported', `${method.type} is not an EVM method`);
  const parsed = methodSettings.safeParse(method.settings[method.type]);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RailError(
      'rail_misconfigured',
      `payment method ${method.id}: settings.${method.type}.${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is invalid'}`,
    );
  }
  const s = parsed.data;
  const depth = method.confirmation.type === 'block' ? (method.confirmation.block ?? 1) : 1;
  return {
    methodId: method.id,
    chainId: s.chain_id,
    rpcUrl: s.api_host,
    explorerHost: s.explorer_host ? s.explorer_host.replace(/\/+$/, '') : null,
    confirmations: Math.max(1, depth),
    merchant: s.merchant_address ? getAddress(s.merchant_address) : null,
  };
}

/** The CAIP-2 id of an EVM chain. */
export function networkOf(chainId: number): string {
  return `eip155:${chainId}`;
}

export function hotWalletKeyPath(dataDir: string, chainId: number): string {
  return path.join(dataDir, 'secrets', `evm-${chainId}.key`);
}

/**
 * The server's hot wallet on one chain: it sends pulls (`transferFrom`) and refunds and pays their gas.
 * The key is created once in DATA_DIR/secrets (mode 600, never committed) or read from there.
 */
export async function loadHotWalletKey(dataDir: string, chainId: number): Promise<Hex> {
  const file = hotWalletKeyPath(dataDir, chainId);
  try {
    const text = (await readFile(file, 'utf8')).trim();
    if (!/^0x[0-9a-fA-F]{64}$/.test(text))
      throw new RailError('rail_misconfigured', `${file} is not a hex key`);
    return text as Hex;
  } catch (err) {
    if (!(err instanceof Error && 'code' in err && err.code === 'ENOENT')) throw err;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = `0x${randomBytes(32).toString('hex')}` as const;
  // Written aside, then linked into place: no process ever reads a half-written key, and if two create
  // one at once, the first link wins and both use it.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(temp, `${key}\n`, { mode: 0o600 });
  await chmod(temp, 0o600);
  try {
    await link(temp, file);
  } catch (err) {
    if (!(err instanceof Error && 'code' in err && err.code === 'EEXIST')) throw err;
    return loadHotWalletKey(dataDir, chainId);
  } finally {
    await unlink(temp);
  }
  return key;
}

export async function hotWalletAddress(dataDir: string, chainId: number): Promise<string> {
  return privateKeyToAccount(await loadHotWalletKey(dataDir, chainId)).address;
}
