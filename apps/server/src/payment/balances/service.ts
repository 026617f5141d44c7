// The customer credit balance: credits (downgrade prorations, credit invoices, merchant adjustments)
// and debits (applied to invoices), each a ledger row written under the balance row's lock, so
// concurrent movements serialise and the balance never goes below zero. Every function opens its own
// transaction, a savepoint when given the caller's, so a renewal can apply the balance in the
// transaction that creates its invoice.
import { applyBalance, type BalanceApplication } from '@payshelf/money';
import { AMOUNT_LIMIT, type CustomerBalanceTransaction } from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import type { DbLike as Db } from '../shared/db.js';
import { newId } from '../shared/ids.js';
import { iso } from '../shared/time.js';
import {
  findInvoiceTransaction,
  lockBalance,
  readBalance,
  readBalances,
  recordMovement,
  type BalanceOwner,
  type BalanceTransactionRow,
  type Movement,
} from './repo.js';

export type { BalanceOwner, BalanceTransactionRow };

const ID_PREFIX = 'cbtxn';

/**
 * Writes a movement whose balance after it is `ending`. A balance is an amount like any other: below
 * 2^256, which also keeps it within numeric(78,0), so credits that would pass it are refused.
 */
function record(
  tx: Db,
  owner: BalanceOwner,
  movement: Movement,
  ending: bigint,
): Promise<BalanceTransactionRow> {
  if (ending >= AMOUNT_LIMIT) {
    throw ApiError.of('balance_too_large', {}, { param: 'amount' });
  }
  return recordMovement(tx, owner, movement, ending);
}

export interface CreditInput {
  /** Positive: credit given to the customer. */
  amount: bigint;
  type: 'proration_credit' | 'adjustment';
  /** The invoice the credit comes from; a second credit of the same type for it is a no-op. */
  invoiceId?: string | null;
  description?: string | null;
  metadata?: Record<string, unknown>;
}

/** Adds credit. Returns the ledger row (the existing one when this invoice was already credited). */
export async function credit(
  db: Db,
  owner: BalanceOwner,
  input: CreditInput,
): Promise<BalanceTransactionRow> {
  if (input.amount <= 0n) throw new RangeError('a credit is positive');
  return db.transaction(async (tx) => {
    const balance = await lockBalance(tx, owner);
    if (input.invoiceId) {
      const done = await findInvoiceTransaction(tx, input.invoiceId, input.type);
      if (done) return done;
    }
    const movement = {
      id: newId(ID_PREFIX),
      type: input.type,
      amount: input.amount,
      invoiceId: input.invoiceId ?? null,
      description: input.description ?? null,
      metadata: input.metadata ?? {},
    };
    return record(tx, owner, movement, balance + input.amount);
  });
}

/**
 * A merchant's adjustment, either sign. A debit larger than the balance is refused (400
 * balance_insufficient) and changes nothing.
 */
export async function adjust(
  db: Db,
  owner: BalanceOwner,
  input: { amount: bigint; description?: string | null; metadata?: Record<string, unknown> },
): Promise<BalanceTransactionRow> {
  if (input.amount === 0n) throw new RangeError('an adjustment is not zero');
  return db.transaction(async (tx) => {
    const balance = await lockBalance(tx, owner);
    const ending = balance + input.amount;
    if (ending < 0n) {
      throw ApiError.of(
        'balance_debit_too_large',
        { balance: String(balance), debit: String(-input.amount) },
        { param: 'amount' },
      );
    }
    const movement = {
      id: newId(ID_PREFIX),
      type: 'adjustment' as const,
      amount: input.amount,
      invoiceId: null,
      description: input.description ?? null,
      metadata: input.metadata ?? {},
    };
    return record(tx, owner, movement, ending);
  });
}

export interface InvoiceApplication extends BalanceApplication {
  /** The ledger row of this application; null when nothing moved (no credit, or a zero total). */
  transaction: BalanceTransactionRow | null;
}

function fromRow(row: BalanceTransactionRow, total: bigint): InvoiceApplication {
  const applied = row.amount < 0n ? -row.amount : 0n;
  const credited = row.amount > 0n ? row.amount : 0n;
  return {
    startingBalance: row.endingBalance - row.amount,
    appliedBalance: applied,
    credited,
    endingBalance: row.endingBalance,
    amountDue: total > 0n ? total - applied : 0n,
    transaction: row,
  };
}

/**
 * Applies the customer's credit to an invoice of `total` at finalisation (see applyBalance): a
 * positive total takes what the balance can pay (one `applied_to_invoice` row, negative), a negative
 * total adds its size to the balance (one `applied_to_invoice` row, positive). Once an invoice has
 * moved the balance, applying again answers that same application and moves nothing. The answer's
 * `amountDue` is what is left to collect; store `startingBalance` and `appliedBalance` on the invoice.
 */
export async function applyToInvoice(
  db: Db,
  owner: BalanceOwner,
  invoiceId: string,
  total: bigint,
): Promise<InvoiceApplication> {
  return db.transaction(async (tx) => {
    const balance = await lockBalance(tx, owner);
    const done = await findInvoiceTransaction(tx, invoiceId, 'applied_to_invoice');
    if (done) return fromRow(done, total);
    const application = applyBalance(total, balance);
    const amount = application.credited - application.appliedBalance;
    if (amount === 0n) return { ...application, transaction: null };
    const movement = {
      id: newId(ID_PREFIX),
      type: 'applied_to_invoice' as const,
      amount,
      invoiceId,
      description: null,
      metadata: {},
    };
    const row = await record(tx, owner, movement, application.endingBalance);
    return { ...application, transaction: row };
  });
}

/**
 * Gives back the credit an invoice took (when it is voided or its pending update expires): one
 * `unapplied_from_invoice` row, once per invoice. Null when the invoice took none.
 */
export async function unapplyFromInvoice(
  db: Db,
  owner: BalanceOwner,
  invoiceId: string,
): Promise<BalanceTransactionRow | null> {
  return db.transaction(async (tx) => {
    const balance = await lockBalance(tx, owner);
    const applied = await findInvoiceTransaction(tx, invoiceId, 'applied_to_invoice');
    if (!applied || applied.amount >= 0n) return null;
    const done = await findInvoiceTransaction(tx, invoiceId, 'unapplied_from_invoice');
    if (done) return done;
    const movement = {
      id: newId(ID_PREFIX),
      type: 'unapplied_from_invoice' as const,
      amount: -applied.amount,
      invoiceId,
      description: null,
      metadata: {},
    };
    return record(tx, owner, movement, balance - applied.amount);
  });
}

/** The customer's credit in one currency (0 when they never had any). Reads without locking. */
export function balanceOf(db: Db, customerId: string, currencyId: string): Promise<bigint> {
  return readBalance(db, customerId, currencyId);
}

/** The customer's credit per currency id. */
export function balancesOf(db: Db, customerId: string): Promise<Map<string, bigint>> {
  return readBalances(db, customerId);
}

export function serializeBalanceTransaction(row: BalanceTransactionRow): CustomerBalanceTransaction {
  return {
    id: row.id,
    object: 'customer_balance_transaction',
    livemode: row.livemode,
    customer_id: row.customerId,
    currency_id: row.currencyId,
    type: row.type,
    amount: row.amount.toString(),
    ending_balance: row.endingBalance.toString(),
    invoice_id: row.invoiceId,
    description: row.description,
    metadata: row.metadata as CustomerBalanceTransaction['metadata'],
    created_at: iso(row.createdAt),
  };
}
