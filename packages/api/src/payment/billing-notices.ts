// The bell texts of billing notifications. A notification stores one title and description (in
// English, the server does not know the reader's language); the web shows them in the reader's
// language by recognising these templates, so the server builds them with the same functions.

export interface BillingNotice {
  title: string;
  description: string;
}

/** A send_invoice invoice waits for payment: its number, due day (YYYY-MM-DD or 'now') and pay link. */
export function invoiceDueNotice(number: string, due: string, link: string): BillingNotice {
  return { title: `Invoice ${number} is ready to pay`, description: `Due ${due}: ${link}` };
}

const DUE_TITLE = /^Invoice (\S+) is ready to pay$/;
const DUE_TEXT = /^Due (\S+): (\S*)$/;

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
