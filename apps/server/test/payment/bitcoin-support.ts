// Bitcoin checkout tests: the local Esplora-compatible regtest chain in the test process (it outlives
// server restarts), the test wallet funded by coinbases, a merchant's watch-only vpub and a method of it.
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { EsploraClient } from '../../src/rails/bitcoin/client.js';
import { startLocalEsplora, type LocalEsplora } from '../../src/rails/bitcoin/esplora/server.js';
import { Psbt } from 'bitcoinjs-lib';
import { accountXpubOf, bip32, networkOf } from '../../src/rails/bitcoin/keys.js';
import { TestBitcoinWallet } from '../../src/rails/bitcoin/test-wallet.js';
import type { TestBrowser } from '../support/identity.js';
import { browserCall, newSession } from './pay-support.js';
import type { Client } from './support.js';

/** The merchant's wallet: signs a refund PSBT with the account key of `seed` (m/84'/1'/0'). */
export function merchantSigns(psbtBase64: string, seed: Uint8Array): string {
  const network = networkOf('regtest');
  const account = bip32.fromSeed(seed, network).derivePath("m/84'/1'/0'");
  const psbt = Psbt.fromBase64(psbtBase64, { network });
  psbt.data.inputs.forEach((input, i) => {
    const path = input.bip32Derivation?.[0]?.path ?? '';
    // The PSBT names the key below the account (m/0/index: receive chain, derivation index).
    const key = account.derivePath(path.replace(/^m\//, ''));
    psbt.signInput(i, { publicKey: key.publicKey, sign: (hash) => key.sign(hash) });
  });
  return psbt.toBase64();
}

export interface BitcoinChain {
  esplora: LocalEsplora;
  client: EsploraClient;
  wallet: TestBitcoinWallet;
  /** The merchant's account key (its private half stays in the merchant's wallet). */
  xpub: string;
  merchantSeed: Uint8Array;
  mine(blocks?: number): void;
  invalidate(blocks: number, drop?: string[]): Promise<void>;
  stop(): Promise<void>;
}

export async function startBitcoinChain(merchantSeed = 'merchant'): Promise<BitcoinChain> {
  const esplora = await startLocalEsplora();
  const client = new EsploraClient(esplora.url);
  const wallet = new TestBitcoinWallet(client);
  esplora.mine(2, wallet.address);
  const seed = createHash('sha256').update(merchantSeed).digest();
  const xpub = accountXpubOf(seed, 'regtest');
  return {
    esplora,
    client,
    wallet,
    xpub,
    merchantSeed: seed,
    mine: (blocks = 1) => void esplora.mine(blocks, wallet.address),
    invalidate: async (blocks, drop = []) => {
      const res = await fetch(`${esplora.url}/test/invalidate`, {
        method: 'POST',
        body: JSON.stringify({ blocks, drop }),
      });
      expect(res.status).toBe(200);
    },
    stop: () => esplora.stop(),
  };
}

async function ok(client: Client, path: string, body: unknown): Promise<{ id: string }> {
  const res = await client('POST', path, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string };
}

/** A Bitcoin method of the chain's merchant key and its BTC currency (8 decimals, satoshis). */
export async function bitcoinMethod(client: Client, chain: BitcoinChain, confirmations = 1) {
  const method = await ok(client, '/payment-methods', {
    type: 'bitcoin',
    name: `Bitcoin (${confirmations} conf)`,
    settings: { bitcoin: { network: 'regtest', xpub: chain.xpub, api_host: chain.esplora.url } },
    confirmation: { type: 'block', block: confirmations },
  });
  const currency = await ok(client, '/payment-currencies', {
    payment_method_id: method.id,
    symbol: 'BTC',
    name: 'Bitcoin',
    decimal: 8,
  });
  return { methodId: method.id, currencyId: currency.id };
}

export interface BitcoinCheckout {
  cs: string;
  intentId: string;
  address: string;
  amount: bigint;
  uri: string;
}

/** A checkout of `sats` submitted with the Bitcoin method: its intent and the address it pays. */
export async function bitcoinCheckout(
  client: Client,
  browser: TestBrowser,
  m: { methodId: string; currencyId: string },
  sats: bigint,
): Promise<BitcoinCheckout> {
  const product = await ok(client, '/products', { name: `Item ${sats}` });
  const price = await ok(client, '/prices', {
    product_id: product.id,
    currency_id: m.currencyId,
    unit_amount: sats.toString(),
  });
  const cs = await newSession(client, price.id, 1);
  const submitted = await browserCall(browser, 'PUT', `/checkout-sessions/${cs}/submit`, {
    customer_name: 'Satoshi Buyer',
    customer_email: 'satoshi@example.com',
    payment_method: m.methodId,
    payment_currency: m.currencyId,
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const body = submitted.body as {
    paymentIntent: { id: string };
    paymentTarget: { rail: string; address: string; amount: string; uri: string };
  };
  expect(body.paymentTarget.rail).toBe('bitcoin');
  return {
    cs,
    intentId: body.paymentIntent.id,
    address: body.paymentTarget.address,
    amount: BigInt(body.paymentTarget.amount),
    uri: body.paymentTarget.uri,
  };
}
