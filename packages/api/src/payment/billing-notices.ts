// The bell notices of billing. A notice is stored as a message key and its parameters
// (`notification.message`), which the web renders in the reader's language; the English title and
// description stored beside them are for API readers. Rows written before keys existed have only the
// English text: `localizeBillingNotice` still recognises those templates so they read in Chinese too.
import type { NotificationMessage } from '../platform/notifications.js';

export interface BillingNotice {
  title: string;
  description: string;
}

export interface KeyedNotice extends BillingNotice {
  message: NotificationMessage;
}

/** The message keys of billing notices (header.notices.{key}.title / .description in the web's texts). */
export const BILLING_NOTICE_KEYS = [
  'billing.invoiceDue',
  'billing.invoicePaid',
  'billing.creditInsufficient',
] as const;

/** A send_invoice invoice waits for payment: its number, due day (YYYY-MM-DD or 'now') and pay link. */
export function invoiceDueNotice(number: string, due: string, link: string): KeyedNotice {
  return {
    title: `Invoice ${number} is ready to pay`,
    description: `Due ${due}: ${link}`,
    message: { key: 'billing.invoiceDue', params: { number, due, link } },
  };
}

/** An invoice was paid (a renewal pulled from the allowance, a payment made): number, amount, link. */
export function invoicePaidNotice(number: string, amount: string, symbol: string, link: string): KeyedNotice {
  return {
    title: `Invoice ${number} is paid`,
    description: `${amount} ${symbol} paid: ${link}`,
    message: { key: 'billing.invoicePaid', params: { number, amount, symbol, link } },
  };
}

/** A meter event used more credit than the customer's grants held: the amount left pending and a top-up link. */
export function creditInsufficientNotice(amount: string, symbol: string, link: string): KeyedNotice {
  return {
    title: 'Insufficient Credit',
    description: `${amount} ${symbol} of usage is not covered by your credit; top up: ${link}`,
    message: { key: 'billing.creditInsufficient', params: { amount, symbol, link } },
  };
}

const DUE_TITLE = /^Invoice (\S+) is ready to pay$/;
const DUE_TEXT = /^Due (\S+): (\S*)$/;

/**
 * The message key and parameters of a notice stored as English text only (rows written before keys
 * existed), or null when the text is no billing template.
 */
export function recognizeBillingNotice(notice: BillingNotice): NotificationMessage | null {
  const title = DUE_TITLE.exec(notice.title);
  if (!title) return null;
  const text = DUE_TEXT.exec(notice.description);
  return {
    key: 'billing.invoiceDue',
    params: { number: title[1] ?? '', due: text?.[1] ?? '', link: text?.[2] ?? '' },
  };
}

/** The notice in `language` ('zh…' for Chinese); any other text or language is left as it is. */
export function localizeBillingNotice(notice: BillingNotice, language: string): BillingNotice {
  if (!language.startsWith('zh')) return notice;
  const title = DUE_TITLE.exec(notice.title);
  if (!title) return notice;
  const text = DUE_TEXT.exec(notice.description);
  const due = text?.[1] === 'now' ? '现在' : text?.[1];
  return {
    title: `账单 ${title[1] ?? ''} 待支付`,
    description: text ? `到期日 ${due ?? ''}：${text[2] ?? ''}` : notice.description,
  };
}
