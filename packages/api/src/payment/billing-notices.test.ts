import { describe, expect, it } from 'vitest';
import { invoiceDueNotice, localizeBillingNotice } from './billing-notices.js';

describe('billing bell texts', () => {
  const notice = invoiceDueNotice(
    'INV-0001',
    '2027-04-08',
    'https://shop.example/payment/customer/invoice/in_1',
  );

  it('is English as stored', () => {
    expect(notice).toEqual({
      title: 'Invoice INV-0001 is ready to pay',
      description: 'Due 2027-04-08: https://shop.example/payment/customer/invoice/in_1',
    });
    expect(localizeBillingNotice(notice, 'en')).toEqual(notice);
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
