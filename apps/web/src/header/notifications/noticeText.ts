// The text of a notification in the reader's language: rendered from its message key and parameters
// (header.notices.{key}), or for a row stored as English text only, from the key its text matches
// (old billing rows); any other text, or a key this web does not know, is shown as stored.
import { recognizeBillingNotice } from '@payshelf/api';
import type { TFunction } from 'i18next';

export interface NoticeSource {
  title: string;
  description: string;
  message?: { key: string; params: Record<string, string> } | null;
}

const TEXTS = {
  'billing.invoiceDue': {
    title: 'header.notices.billing.invoiceDue.title',
    description: 'header.notices.billing.invoiceDue.description',
  },
  'billing.invoicePaid': {
    title: 'header.notices.billing.invoicePaid.title',
    description: 'header.notices.billing.invoicePaid.description',
  },
  'billing.creditInsufficient': {
    title: 'header.notices.billing.creditInsufficient.title',
    description: 'header.notices.billing.creditInsufficient.description',
  },
} as const;

function known(key: string): key is keyof typeof TEXTS {
  return Object.hasOwn(TEXTS, key);
}

export function noticeText(notice: NoticeSource, t: TFunction): { title: string; description: string } {
  const message = notice.message ?? recognizeBillingNotice(notice);
  if (!message || !known(message.key)) return { title: notice.title, description: notice.description };
  const keys = TEXTS[message.key];
  const params: Record<string, string> = { ...message.params };
  if (params.due === 'now') params.due = t('header.notices.now');
  // Parameters are plain text: React escapes them, i18next must not do it a second time.
  const options = { ...params, interpolation: { escapeValue: false } };
  return { title: t(keys.title, options), description: t(keys.description, options) };
}
