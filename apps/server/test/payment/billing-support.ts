import { asc, eq } from 'drizzle-orm';
import { invoices, paymentAttempts, paymentIntents } from '../../src/db/schema/index.js';
import type { Db } from '../../src/db/database.js';
import type { Client } from './support.js';

export interface InvoiceView {
  id: string;
  status: string;
  billing_reason: string;
  period_start: string | null;
  period_end: string | null;
  amount_paid: string;
  attempt_count: number;
  next_payment_attempt: string | null;
  attempts: Array<{ outcome: string; reason?: string }>;
}

export interface SubState {
  id: string;
  status: string;
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: boolean;
  canceled_at: string | null;
  ended_at: string | null;
  cancelation_details: { reason: string; feedback: string | null; comment: string | null } | null;
  latest_invoice_id: string | null;
}

function ok<T>(res: { status: number; body: unknown }, what: string): T {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

export async function newClock(client: Client, at: string): Promise<string> {
  return ok<{ id: string }>(await client('POST', '/test-clocks', { body: { frozen_time: at } }), 'clock').id;
}

export async function advance(client: Client, clock: string, to: string) {
  return ok<{ frozen_time: string; status: string }>(
    await client('POST', `/test-clocks/${clock}/advance`, { body: { frozen_time: to } }),
    'advance',
  );
}

export async function newCustomer(client: Client, name: string): Promise<string> {
  return ok<{ id: string }>(await client('POST', '/customers', { body: { name } }), 'customer').id;
}

export async function getSub(client: Client, id: string): Promise<SubState> {
  return ok<SubState>(await client('GET', `/subscriptions/${id}`), 'subscription');
}

/** The subscription's invoices straight from the database, oldest period first. */
export async function invoicesOf(db: Db, subscriptionId: string) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, subscriptionId))
    .orderBy(asc(invoices.periodStart), asc(invoices.createdAt));
}

/** Confirmed pulls (payment attempts of kind pull) for the subscription's invoices. */
export async function confirmedPulls(db: Db, subscriptionId: string): Promise<number> {
  const rows = await db
    .select({ status: paymentAttempts.status, kind: paymentAttempts.kind })
    .from(paymentAttempts)
    .innerJoin(paymentIntents, eq(paymentIntents.id, paymentAttempts.paymentIntentId))
    .innerJoin(invoices, eq(invoices.id, paymentIntents.invoiceId))
    .where(eq(invoices.subscriptionId, subscriptionId));
  return rows.filter((r) => r.kind === 'pull' && r.status === 'confirmed').length;
}
