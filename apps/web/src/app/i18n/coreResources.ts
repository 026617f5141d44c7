import { platformEn } from '../../platform/i18n/en';
import { platformZh } from '../../platform/i18n/zh';
import { paymentCoreEn } from '../../payment/i18n/en';
import { paymentCoreZh } from '../../payment/i18n/zh';
import { headerEn } from '../../header/i18n/en';
import { headerZh } from '../../header/i18n/zh';
import { authEn } from '../../platform/auth/i18n/en';
import { authZh } from '../../platform/auth/i18n/zh';
import { appEn } from './en';
import { appZh } from './zh';

/**
 * The translations bundled with the app's entry: the header, platform pages and checkout. The store's,
 * the payment admin's, the portal's and the demo's arrive with their pages (`withMessages`).
 */
export const coreMessages = {
  en: { app: appEn, platform: platformEn, auth: authEn, header: headerEn, payment: paymentCoreEn },
  zh: { app: appZh, platform: platformZh, auth: authZh, header: headerZh, payment: paymentCoreZh },
};

export const coreResources = {
  en: { translation: coreMessages.en },
  zh: { translation: coreMessages.zh },
};
