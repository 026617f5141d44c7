// The EVM side of a headless DID wallet (tests and the test wallet): an EVM account derived from the
// wallet's key, and the answer to the checkout action's `eth:transaction` signature claim.
import { defaultAnswerers, type ClaimAnswerer } from '@payshelf/wallet';
import type { WalletObject } from '@ocap/wallet';
import {
  concat,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  keccak256,
  toBytes,
  type Hex,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { z } from 'zod';

/** What the wallet needs to sign, in the claim's `meta.evm` (the RPC URL only in test mode). */
export const evmSignRequest = z.object({
  chainId: z.number().int(),
  rpcUrl: z.string().optional(),
  to: z.string(),
  value: z.string(),
  data: z.string(),
});
export type EvmSignRequest = z.infer<typeof evmSignRequest>;

/** A secp256k1 account derived from a DID wallet's secret key (stable for the same key file). */
export function evmAccountOf(wallet: Pick<WalletObject, 'secretKey'>): PrivateKeyAccount {
  const secret = wallet.secretKey;
  const bytes = typeof secret === 'string' ? toBytes(secret as Hex) : new Uint8Array(secret);
  return privateKeyToAccount(keccak256(concat([toBytes('payshelf:evm-account:'), bytes])));
}

/**
 * Signs the transaction of a checkout claim (`meta.evm`: chain id, RPC URL, to, value, data) with the
 * derived account, filling nonce, gas and fees from the chain; answers the signed transaction in `sig`.
 * Other signature claims get the default answer.
 */
export const evmSignatureAnswerer: ClaimAnswerer = async (claim, ctx) => {
  const meta = claim.meta;
  const parsed = evmSignRequest.safeParse(
    meta && typeof meta === 'object' && 'evm' in meta ? (meta as { evm: unknown }).evm : undefined,
  );
  const fallback = defaultAnswerers.signature;
  if (!parsed.success) {
    if (!fallback) throw new Error('no default signature answerer');
    return fallback(claim, ctx);
  }
  const request = parsed.data;
  if (!request.rpcUrl) throw new Error('this wallet needs an RPC URL to sign EVM transactions');
  const chain = defineChain({
    id: request.chainId,
    name: `eip155:${request.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [request.rpcUrl] } },
  });
  const account = evmAccountOf(ctx.wallet);
  const client = createWalletClient({ account, chain, transport: http(request.rpcUrl) });
  const prepared = await client.prepareTransactionRequest({
    to: getAddress(request.to),
    value: BigInt(request.value),
    data: request.data as Hex,
  });
  const sig = await client.signTransaction(prepared);
  return { ...claim, sig };
};
