import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { invoices } from '../../../apps/server/src/db/schema/index.js';
import { nextInvoiceNumber } from '../../../apps/server/src/payment/billing/invoice-number.js';
import { newId } from '../../../apps/server/src/payment/shared/ids.js';
import { payDemo, signInAsNewCustomer } from './customer.js';
import type { openDatabase } from './database.js';

type Database = ReturnType<typeof openDatabase>;

/**
 * A 2.5 TUSD open invoice like `templateId` (same customer, subscription, currency and method), due
 * yesterday. Nothing in the product lets a test wait a billing period, so the test writes it.
 */
export async function pastDueInvoiceLike(
  database: Database,
  templateId: string,
): Promise<{ id: string; number: string }> {
  return database.db.transaction(async (tx) => {
    const [template] = await tx.select().from(invoices).where(eq(invoices.id, templateId));
    if (!template) throw new Error(`no invoice ${templateId}`);
    const id = newId('in');
    const number = await nextInvoiceNumber(tx, template.livemode);
    const now = new Date();
    await tx.insert(invoices).values({
      ...template,
      id,
      number,
      status: 'open',
      billingReason: 'subscription_cycle',
      subtotal: 2_500_000n,
      total: 2_500_000n,
      amountDue: 2_500_000n,
      amountPaid: 0n,
      amountRemaining: 2_500_000n,
      dueDate: new Date(now.getTime() - 24 * 60 * 60 * 1000),
      createdAt: now,
      updatedAt: now,
    });
    return { id, number };
  });
}

/** The signed-in customer's only invoice (their trial's), as the portal lists it. */
export async function onlyInvoice(page: Page): Promise<{ id: string; currency_id: string }> {
  const own = await page.evaluate(async () => {
    const res = await fetch('/payment/api/invoices?livemode=false');
    return (await res.json()) as { list: Array<{ id: string; currency_id: string }> };
  });
  const [invoice] = own.list;
  if (!invoice) throw new Error('the trial left no invoice');
  return invoice;
}

/** Waits until the open dialog has faded in (axe and screenshots see its final colours). */
export async function dialogShown(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every((e) => getComputedStyle(e).opacity === '1'),
  );
}

/**
 * A new customer `name` takes the demo trial (a subscription with a zero invoice, no transfer), gets a
 * past-due invoice on it, and is refused at a new one-time purchase: the overdue dialog and its row for
 * the trial's currency, once shown.
 */
export async function refusedForOverdue(page: Page, database: Database, name: string) {
  await signInAsNewCustomer(page, name, '/payment/demo');
  await payDemo(page, 'Subscription with a trial', name);
  await page.getByTestId('checkout-complete').waitFor({ timeout: 30_000 });
  const trialInvoice = await onlyInvoice(page);
  const overdue = await pastDueInvoiceLike(database, trialInvoice.id);
  await payDemo(page, 'One-time purchase', name);
  const dialog = page.getByRole('dialog', { name: 'Overdue invoices' });
  const row = dialog.getByTestId(`overdue-row-${trialInvoice.currency_id}`);
  await row.waitFor({ timeout: 15_000 });
  return { trialInvoice, overdue, dialog, row };
}
