// One fresh receive address per payment: the next derivation index of the method's key, stored with
// the payment's reference before it is shown, never handed out twice. The gap limit is respected: a
// BIP84 wallet stops scanning after `gapLimit` unused addresses in a row, so no more than that many
// addresses past the last one that received money are handed out (the method then refuses new
// payments until one is paid, rather than hand out money the merchant's wallet would not see).
import { and, eq, isNotNull, max, sql } from 'drizzle-orm';
import { bitcoinAddresses } from '../../db/schema/bitcoin.js';
import { RailError, type DbLike } from '../types.js';
import { parseXpub, receiveAddress } from './keys.js';
import { keyIdOf, type BitcoinSettings } from './settings.js';

export interface DerivedAddress {
  address: string;
  index: number;
}

export async function addressOf(db: DbLike, settings: BitcoinSettings, reference: string) {
  const [row] = await db
    .select()
    .from(bitcoinAddresses)
    .where(
      and(eq(bitcoinAddresses.keyId, keyIdOf(settings.xpub)), eq(bitcoinAddresses.reference, reference)),
    );
  return row ? { address: row.address, index: row.derivationIndex } : null;
}

/** The address of `reference`, derived and stored now when it has none. */
export async function addressFor(
  db: DbLike,
  settings: BitcoinSettings,
  reference: string,
): Promise<DerivedAddress> {
  const known = await addressOf(db, settings, reference);
  if (known) return known;
  const keyId = keyIdOf(settings.xpub);
  return db.transaction(async (tx) => {
    // One allocation per key at a time: the next index is read and taken under this lock.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`bitcoin:${keyId}`}))`);
    const again = await addressOf(tx, settings, reference);
    if (again) return again;
    const [top] = await tx
      .select({ last: max(bitcoinAddresses.derivationIndex) })
      .from(bitcoinAddresses)
      .where(eq(bitcoinAddresses.keyId, keyId));
    const [used] = await tx
      .select({ last: max(bitcoinAddresses.derivationIndex) })
      .from(bitcoinAddresses)
      .where(and(eq(bitcoinAddresses.keyId, keyId), isNotNull(bitcoinAddresses.seenAt)));
    const next = (top?.last ?? -1) + 1;
    const unusedInARow = next - ((used?.last ?? -1) + 1);
    if (unusedInARow >= settings.gapLimit) {
      throw new RailError(
        'rail_misconfigured',
        `the Bitcoin method has ${unusedInARow} unpaid addresses in a row (gap limit ${settings.gapLimit}); ` +
          'raise the gap limit in the method and in the wallet, or wait for a payment',
      );
    }
    const key = parseXpub(settings.xpub, settings.network);
    if (!key.ok) throw new RailError('rail_misconfigured', `settings.bitcoin.xpub ${key.reason}`);
    const address = receiveAddress(key.node, next, settings.network);
    await tx.insert(bitcoinAddresses).values({ keyId, derivationIndex: next, address, reference });
    return { address, index: next };
  });
}

/** Marks an address as having received a transaction (it no longer counts towards the gap). */
export async function markSeen(db: DbLike, address: string): Promise<void> {
  await db
    .update(bitcoinAddresses)
    .set({ seenAt: sql`coalesce(${bitcoinAddresses.seenAt}, now())` })
    .where(eq(bitcoinAddresses.address, address));
}
