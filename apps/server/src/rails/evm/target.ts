// A payment target as the API answers it, and as a DID wallet is asked to sign it.
import type { EvmPaymentTarget } from '@payshelf/api';
import type { PaymentTarget, WalletClaim, WalletRequest } from '../types.js';
import type { EvmSettings } from './settings.js';
import type { EvmSignRequest } from './wallet-answerer.js';

export function targetJson(settings: EvmSettings, target: PaymentTarget): EvmPaymentTarget {
  return {
    rail: 'evm',
    chainId: settings.chainId,
    recipient: target.recipient,
    token: target.asset.contract,
    amount: target.amount.toString(),
    uri: target.uri,
    confirmations: target.confirmations,
    request: {
      to: target.request.to,
      value: target.request.value.toString(),
      data: target.request.data,
    },
  };
}

export function walletClaim(settings: EvmSettings, target: PaymentTarget, testMode: boolean): WalletClaim {
  return requestClaim(settings, target.request, testMode);
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
