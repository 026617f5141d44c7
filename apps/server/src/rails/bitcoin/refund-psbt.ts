// Refunds of a watch-only method: the server cannot sign, so it hands the merchant a PSBT (BIP174)
// spending the payment's own output (at its derived address) back to the payer, minus the network
// fee; anything above the refund goes to the payment's change address (internal chain 1, same index:
// never an address shown to anyone). The merchant signs it in the wallet holding the key and submits
// the signed PSBT, the raw transaction or the id of one already broadcast; it is checked to pay the
// refund before it is sent.
import { eq } from 'drizzle-orm';
import { address as baddress, payments, Psbt, Transaction } from 'bitcoinjs-lib';
import { bitcoinAddresses } from '../../db/schema/bitcoin.js';
import { RailError, type DbLike, type RefundRequest, type RefundSource } from '../types.js';
import type { EsploraClient } from './client.js';
import { networkOf, parseXpub } from './keys.js';
import type { BitcoinSettings } from './settings.js';

const FEE_RATE = 2n; // sat/vbyte
/** The most a signed refund may give to fees beyond its estimate (it is checked before it is sent). */
export const MAX_REFUND_FEE = 20_000n;

const vsize = (outputs: number) => BigInt(11 + 68 + 31 * outputs);

export async function buildRefundPsbt(
  db: DbLike,
  client: EsploraClient,
  settings: BitcoinSettings,
  request: RefundRequest,
  source: RefundSource,
): Promise<{ unsigned: string; fee: bigint }> {
  const network = networkOf(settings.network);
  const tx = await client.tx(source.txRef);
  const out = tx?.vout[source.index];
  const address = out?.scriptpubkey_address;
  if (!tx || !out || !address)
    throw new RailError('invalid_transaction', `${source.txRef}:${source.index} not found`);
  const [row] = await db.select().from(bitcoinAddresses).where(eq(bitcoinAddresses.address, address));
  const key = parseXpub(settings.xpub, settings.network);
  if (!row || !key.ok)
    throw new RailError('rail_misconfigured', 'the refunded output is not at an address of this method');
  const value = BigInt(out.value);
  const change = value - request.amount;
  if (change < 0n) throw new RailError('invalid_transaction', 'the refund is more than the output it spends');
  const fee = vsize(change > 546n ? 2 : 1) * FEE_RATE;
  if (request.amount <= fee + 546n)
    throw new RailError('invalid_transaction', 'the refund does not cover its network fee');
  const child = key.node.derive(0).derive(row.derivationIndex);
  const psbt = new Psbt({ network });
  psbt.addInput({
    hash: source.txRef,
    index: source.index,
    witnessUtxo: { script: Buffer.from(out.scriptpubkey, 'hex'), value },
    bip32Derivation: [
      {
        masterFingerprint: Buffer.from(key.node.fingerprint),
        path: `m/0/${row.derivationIndex}`,
        pubkey: Buffer.from(child.publicKey),
      },
    ],
  });
  psbt.addOutput({ address: request.to, value: request.amount - fee });
  if (change > 546n) {
    const internal = key.node.derive(1).derive(row.derivationIndex);
    const { address: changeAddress } = payments.p2wpkh({ pubkey: internal.publicKey, network });
    if (!changeAddress) throw new RailError('rail_misconfigured', 'no change address');
    psbt.addOutput({ address: changeAddress, value: change });
  }
  return { unsigned: psbt.toBase64(), fee };
}

/** A signed refund as a transaction: from a PSBT (finalized here if needed), raw hex, or a broadcast txid. */
export async function readSignedRefund(
  client: EsploraClient,
  settings: BitcoinSettings,
  signed: string,
  request: RefundRequest,
): Promise<{ txRef: string; raw: string }> {
  const text = signed.trim();
  let tx: Transaction;
  try {
    if (/^[0-9a-fA-F]{64}$/.test(text)) {
      const hex = await client.txHex(text.toLowerCase());
      if (!hex) throw new RailError('invalid_transaction', `no transaction ${text} on the chain`);
      tx = Transaction.fromHex(hex);
    } else if (/^[0-9a-fA-F]+$/.test(text)) {
      tx = Transaction.fromHex(text);
    } else {
      const psbt = Psbt.fromBase64(text, { network: networkOf(settings.network) });
      if (psbt.data.inputs.some((i) => !i.finalScriptWitness && !i.finalScriptSig)) psbt.finalizeAllInputs();
      tx = psbt.extractTransaction();
    }
  } catch (err) {
    if (err instanceof RailError) throw err;
    throw new RailError(
      'invalid_transaction',
      `not a signed PSBT, raw transaction or txid (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  const want = Buffer.from(baddress.toOutputScript(request.to, networkOf(settings.network)));
  const paid = tx.outs
    .filter((o) => Buffer.from(o.script).equals(want))
    .reduce((sum, o) => sum + o.value, 0n);
  if (paid < request.amount - MAX_REFUND_FEE || paid > request.amount) {
    throw new RailError(
      'invalid_transaction',
      `the signed refund pays ${paid} satoshis to ${request.to}, not the ${request.amount} refunded (less its fee)`,
    );
  }
  return { txRef: tx.getId(), raw: tx.toHex() };
}
