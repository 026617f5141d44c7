import { invoiceDetail, type InvoiceStatus } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import {
  amountText,
  invoiceLabel,
  invoicePayment,
  invoiceStatusColor,
  isStruckThrough,
  lineName,
} from './invoiceView';
import { fakeCurrency, fakeInvoiceDetail, TX_HASH } from './testFixtures';

describe('invoice view', () => {
  it('colours the status as SPEC §4 says and strikes through only void', () => {
    const colors: Record<InvoiceStatus, string> = {
      paid: 'success',
      open: 'secondary',
      uncollectible: 'warning',
      draft: 'default',
      void: 'default',
    };
    for (const [status, color] of Object.entries(colors) as [InvoiceStatus, string][]) {
      expect(invoiceStatusColor(status), status).toBe(color);
      expect(isStruckThrough(status), status).toBe(status === 'void');
    }
  });

  it('formats amounts with the currency symbol and its decimals', () => {
    expect(amountText('9900000', fakeCurrency(), 'en')).toBe('9.9 TUSD');
    expect(amountText('1234500000000000000000', fakeCurrency({ symbol: 'ETH', decimal: 18 }), 'en')).toBe(
      '1,234.5 ETH',
    );
    expect(amountText('0', fakeCurrency(), 'en')).toBe('0 TUSD');
    expect(amountText('42', null, 'en')).toBe('42');
  });

  it('names a line by its product, else description, nickname or price id', () => {
    const [line] = fakeInvoiceDetail().lines;
    if (!line) throw new Error('fixture has a line');
    expect(lineName(line, 'en')).toBe('E-book');
    expect(lineName({ ...line, price: null, description: 'Setup fee' }, 'en')).toBe('Setup fee');
    expect(lineName({ ...line, price: null }, 'en')).toBe('price_aaaaaaaa');
  });

  it('names a line in zh from the texts it kept when billed, even after the product was renamed', () => {
    const [line] = fakeInvoiceDetail().lines;
    if (!line) throw new Error('fixture has a line');
    const billed = {
      ...line,
      billed_product: {
        name: 'E-book',
        description: null,
        metadata: { translations: { zh: { name: '电子书' } } },
      },
    };
    expect(lineName(billed, 'zh')).toBe('电子书');
    expect(lineName(billed, 'en')).toBe('E-book');
    // An older line without kept texts reads its product as it is now, in zh when translated.
    const renamed = { name: 'E-book 2', metadata: { translations: { zh: { name: '电子书 2' } } } };
    const older = {
      ...line,
      price: line.price ? { ...line.price, product: { ...line.price.product, ...renamed } } : null,
    };
    expect(lineName(older as typeof line, 'zh')).toBe('电子书 2');
  });

  it('reads method, currency, payer and transaction link of the payment', () => {
    expect(invoicePayment(fakeInvoiceDetail())).toEqual({
      methodName: 'Local chain',
      currencySymbol: 'TUSD',
      payer: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      transaction: { hash: TX_HASH, url: `https://explorer.example/tx/${TX_HASH}` },
    });
    const unpaid = fakeInvoiceDetail({ metadata: {}, paymentMethod: null, paymentCurrency: null });
    expect(invoicePayment(unpaid)).toEqual({
      methodName: null,
      currencySymbol: null,
      payer: null,
      transaction: null,
    });
  });

  it('titles the invoice by number, else id, and the fixture matches the contract', () => {
    expect(invoiceLabel(fakeInvoiceDetail())).toBe('INV-0001');
    expect(invoiceLabel(fakeInvoiceDetail({ number: null }))).toBe('in_aaaaaaaa');
    expect(invoiceDetail.safeParse(fakeInvoiceDetail()).success).toBe(true);
  });
});
