import { adminEn } from '../admin/i18n/en';
import { adminZh } from '../admin/i18n/zh';
import { creditsEn } from '../credits/i18n/en';
import { creditsZh } from '../credits/i18n/zh';
import { demoEn } from '../demo/i18n/en';
import { demoZh } from '../demo/i18n/zh';
import { portalEn } from '../portal/i18n/en';
import { portalZh } from '../portal/i18n/zh';
import { portalPayEn } from '../portal/i18n/payEn';
import { portalPayZh } from '../portal/i18n/payZh';
import { portalChangeEn } from '../portal/i18n/changeEn';
import { portalChangeZh } from '../portal/i18n/changeZh';
import { portalWalletEn, portalWalletZh } from '../portal/i18n/walletPay';
import { cardEn, cardZh } from '../portal/i18n/card';
import { productTextsEn } from '../admin/i18n/productTextsEn';
import { productTextsZh } from '../admin/i18n/productTextsZh';

/**
 * The payment strings only the admin, portal and demo pages use. They load with those pages, so the
 * checkout a buyer opens does not download them.
 */
export const paymentExtrasEn = {
  admin: adminEn,
  credits: creditsEn,
  card: cardEn,
  demo: demoEn,
  portal: portalEn,
  portalPay: portalPayEn,
  portalChange: portalChangeEn,
  portalWallet: portalWalletEn,
  productTexts: productTextsEn,
};
export const paymentExtrasZh: typeof paymentExtrasEn = {
  admin: adminZh,
  credits: creditsZh,
  card: cardZh,
  demo: demoZh,
  portal: portalZh,
  portalPay: portalPayZh,
  portalChange: portalChangeZh,
  portalWallet: portalWalletZh,
  productTexts: productTextsZh,
};

export const paymentExtras = {
  en: { payment: paymentExtrasEn },
  zh: { payment: paymentExtrasZh },
};
