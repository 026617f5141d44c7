// A payment target as the API answers it, and as a DID wallet is asked to sign it.
import type { EvmPaymentTarget } from '@payshelf/api';
import type { PaymentTarget, WalletClaim, WalletRequest } from '../types.js';
import type { EvmSettings } from './settings.js';
import type { EvmSignRequest } from './wallet-answerer.js';

/** The EVM transaction of a target this rail prepared (never another rail's). */
function evmRequestOf(target: PaymentTarget): WalletRequest {
  if (target.request.kind !== 'evm_transaction') throw new Error(`not an EVM target: ${target.request.kind}`);
  return target.request;
}

export function targetJson(settings: EvmSettings, target: PaymentTarget): EvmPaymentTarget {
  const request = evmRequestOf(target);
  return {
    rail: 'evm',
    chainId: settings.chainId,
    recipient: target.recipient,
    token: target.asset.contract,
    amount: target.amount.toString(),
    uri: target.uri,
    confirmations: target.confirmations,
    request: {
      to: request.to,
      value: request.value.toString(),
      data: request.data,
    },
  };
}

export function walletClaim(settings: EvmSettings, target: PaymentTarget, testMode: boolean): WalletClaim {
  return requestClaim(settings, evmRequestOf(target), testMode);
}

/** The `eth:transaction` claim for any transaction the wallet is asked to sign (a transfer, an approve). */
export function requestClaim(settings: EvmSettings, wanted: WalletRequest, testMode: boolean): WalletClaim {
  const request: EvmSignRequest = {
    chainId: settings.chainId,
    ...(testMode ? { rpcUrl: settings.rpcUrl } : {}),
    to: wanted.to,
    value: wanted.value.toString(),
    data: wanted.data,
  };
  return { type: 'eth:transaction', request };
}
