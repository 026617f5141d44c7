// The fixed words of the invoice PDF in each locale the app ships (en, zh). The PDF route picks the
// locale (the `locale` query parameter, then the visitor's locale cookie, else English).
import type { MessageLocale } from '../../core/http/error-locale.js';

export interface PdfLabels {
  invoice: string;
  issued: string;
  due: string;
  period: string;
  /** Between the period's first and last day. */
  to: string;
  billTo: string;
  description: string;
  quantity: string;
  amount: string;
  subtotal: string;
  total: string;
  paid: string;
  remaining: string;
  payments: string;
  noPayments: string;
  noTax: string;
  /** A discount row's word, and its percentage off with a `{percent}` placeholder. */
  discount: string;
  percentOff: string;
  /** Beside a tax rate that is included in the prices. */
  taxIncluded: string;
  /** A proration line's note: the old price's unused time (a credit) or the new price's remaining time. */
  unusedTime: string;
  remainingTime: string;
  status: Record<string, string>;
}

const EN: PdfLabels = {
  invoice: 'Invoice',
  issued: 'Issued',
  due: 'Due',
  period: 'Period',
  to: 'to',
  billTo: 'Bill to',
  description: 'Description',
  quantity: 'Qty',
  amount: 'Amount',
  subtotal: 'Subtotal',
  total: 'Total',
  paid: 'Paid',
  remaining: 'Remaining',
  payments: 'Payments',
  noPayments: 'No payments yet',
  noTax: 'Amounts include no tax.',
  discount: 'Discount',
  percentOff: '{percent}% off',
  taxIncluded: 'included',
  unusedTime: 'Unused time',
  remainingTime: 'Remaining time',
  status: { draft: 'DRAFT', open: 'OPEN', paid: 'PAID', void: 'VOID', uncollectible: 'UNCOLLECTIBLE' },
};

const ZH: PdfLabels = {
  invoice: '发票',
  issued: '开具日期',
  due: '到期日',
  period: '计费周期',
  to: '至',
  billTo: '付款方',
  description: '项目',
  quantity: '数量',
  amount: '金额',
  subtotal: '小计',
  total: '合计',
  paid: '已付',
  remaining: '待付',
  payments: '付款记录',
  noPayments: '暂无付款',
  noTax: '金额不含税。',
  discount: '折扣',
  percentOff: '减 {percent}%',
  taxIncluded: '已含',
  unusedTime: '未使用时间',
  remainingTime: '剩余时间',
  status: { draft: '草稿', open: '待支付', paid: '已支付', void: '已作废', uncollectible: '无法收款' },
};

export const pdfLabels = (locale: MessageLocale): PdfLabels => (locale === 'zh' ? ZH : EN);
