import type { TFunction } from 'i18next';
import type { insightsEn } from '../../i18n/insightsEn';

export type CustomerTextKey = Exclude<keyof typeof insightsEn.customer, 'reasons'>;

/** The customer page's plain strings (payment.admin.insights.customer.*), keyed and checked. */
export function customerText(t: TFunction): (key: CustomerTextKey) => string {
  return (key) => t(`payment.admin.insights.customer.${key}`);
}
