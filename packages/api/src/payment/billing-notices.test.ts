import { describe, expect, it } from 'vitest';
import {
  invoiceDueNotice,
  invoicePaidNotice,
  localizeBillingNotice,
  recognizeBillingNotice,
} from './billing-notices.js';

describe('billing bell texts', () => {
  const notice = invoiceDueNotice(
    'INV-0001',
    '2027-04-08',
    'https://shop.example/payment/customer/invoice/in_1',
  );

  it('is stored as a message key with its parameters, and English text for API readers', () => {
    expect(notice).toEqual({
      title: 'Invoice INV-0001 is ready to pay',
      description: 'Due 2027-04-08: https://shop.example/payment/customer/invoice/in_1',
      message: {
        key: 'billing.invoiceDue',
        params: {
          number: 'INV-0001',
          due: '2027-04-08',
          link: 'https://shop.example/payment/customer/invoice/in_1',
        },
      },
    });
    expect(localizeBillingNotice(notice, 'en')).toEqual(notice);
    expect(invoicePaidNotice('INV-0002', '5', 'TUSD', 'https://x/in_2').message).toEqual({
      key: 'billing.invoicePaid',
      params: { number: 'INV-0002', amount: '5', symbol: 'TUSD', link: 'https://x/in_2' },
    });
  });

  it('recognises old rows stored as English text only', () => {
    const { title, description } = notice;
    expect(recognizeBillingNotice({ title, description })).toEqual(notice.message);
    expect(recognizeBillingNotice({ title: 'Review started: app 1.0', description: '' })).toBeNull();
  });

  it('reads in Chinese for a zh reader', () => {
    expect(localizeBillingNotice(notice, 'zh')).toEqual({
      title: '账单 INV-0001 待支付',
      description: '到期日 2027-04-08：https://shop.example/payment/customer/invoice/in_1',
    });
    expect(localizeBillingNotice(invoiceDueNotice('in_x', 'now', ''), 'zh-CN').description).toBe(
      '到期日 现在：',
    );
  });

  it('leaves other notifications alone', () => {
    const other = { title: 'Review started: app 1.0', description: '' };
    expect(localizeBillingNotice(other, 'zh')).toBe(other);
  });
});
