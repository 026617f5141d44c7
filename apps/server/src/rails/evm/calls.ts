// The transactions the EVM rail asks for or signs, as plain call data: every one carries its
// payment's (or refund's) reference tag at the end of its data. Pure; no chain calls.
import { encodeFunctionData, erc20Abi, getAddress } from 'viem';
import type { RailAsset, WalletRequest } from '../types.js';
import { referenceTag, withReference } from './reference.js';

export interface EvmCall {
  to: `0x${string}`;
  value: bigint;
  data: `0x${string}`;
}

/** A transfer of `amount` of `asset` to `to`, tagged with `reference` (a payment, or a refund). */
export function transferCall(to: string, asset: RailAsset, amount: bigint, reference: string): EvmCall {
  const recipient = getAddress(to);
  if (!asset.contract) return { to: recipient, value: amount, data: referenceTag(reference) };
  return {
    to: getAddress(asset.contract),
    value: 0n,
    data: withReference(
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] }),
      reference,
    ),
  };
}

/** The wallet request of a payment: its transfer to the merchant, for the wallet to sign. */
export function transferRequest(
  chainId: number,
  recipient: string,
  asset: RailAsset,
  amount: bigint,
  reference: string,
): WalletRequest {
  return { kind: 'evm_transaction', chainId, ...transferCall(recipient, asset, amount, reference) };
}

/** A pull: the spender moves `amount` of the token from the payer to the merchant (transferFrom). */
export function pullCall(token: string, payer: string, merchant: string, amount: bigint, reference: string) {
  return {
    to: getAddress(token),
    data: withReference(
      encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [getAddress(payer), getAddress(merchant), amount],
      }),
      reference,
    ),
  };
}

/** The approval a payer signs so the spender may pull up to `allowance` of the token. */
export function approveRequest(
  chainId: number,
  token: string,
  spender: string,
  allowance: bigint,
): WalletRequest {
  return {
    kind: 'evm_transaction',
    chainId,
    to: getAddress(token),
    value: 0n,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [getAddress(spender), allowance],
    }),
  };
}
