import { invoiceDueNotice, invoicePaidNotice } from '@payshelf/api';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { coreResources } from '../../app/i18n/coreResources';
import { parseNotification } from './notificationModel';
import { noticeText } from './noticeText';

async function reader(lng: 'en' | 'zh') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: coreResources, interpolation: { escapeValue: false } });
  return (n: Parameters<typeof noticeText>[0]) => noticeText(n, i18n.t);
}

describe('bell notices in the reader language', () => {
  const paid = invoicePaidNotice('INV-7', '2.5', 'TUSD', 'https://shop.example/in_7');

  it('renders a stored message key and its parameters in English and Chinese', async () => {
    expect((await reader('en'))(paid)).toEqual({
      title: 'Invoice INV-7 is paid',
      description: '2.5 TUSD paid: https://shop.example/in_7',
    });
    expect((await reader('zh'))(paid)).toEqual({
      title: '账单 INV-7 已支付',
      description: '已支付 2.5 TUSD：https://shop.example/in_7',
    });
  });

  it('reads old rows stored as English text only, and leaves other texts as stored', async () => {
    const { title, description } = invoiceDueNotice('INV-1', 'now', 'https://x/in_1');
    expect((await reader('zh'))({ title, description })).toEqual({
      title: '账单 INV-1 待支付',
      description: '到期日 现在：https://x/in_1',
    });
    const other = { title: 'Review started', description: 'app 1.0' };
    expect((await reader('zh'))(other)).toEqual(other);
    // An unknown key falls back to the stored text.
    expect((await reader('zh'))({ ...other, message: { key: 'store.unknown', params: {} } })).toEqual(other);
  });

  it('keeps the message key and parameters of the API answer', () => {
    const parsed = parseNotification({ id: 'ntf_1', title: 't', message: paid.message });
    expect(parsed?.message).toEqual(paid.message);
    expect(parseNotification({ id: 'ntf_2', title: 't', message: { key: 1 } })?.message).toBeUndefined();
  });
});
