import type { Locale } from '../../platform/locale/locale';
import { platformEn } from '../../platform/i18n/en';
import { platformZh } from '../../platform/i18n/zh';
import { paymentEn } from '../../payment/i18n/en';
import { paymentZh } from '../../payment/i18n/zh';
import { storeEn } from '../../store/i18n/en';
import { storeZh } from '../../store/i18n/zh';
import { headerEn } from '../../header/i18n/en';
import { headerZh } from '../../header/i18n/zh';
import { authEn } from '../../platform/auth/i18n/en';
import { authZh } from '../../platform/auth/i18n/zh';
import { storeConnectEn } from '../../store/i18n/connect-en';
import { storeConnectZh } from '../../store/i18n/connect-zh';
import { appEn } from './en';
import { appZh } from './zh';

/** All translations, one top-level key per area of the code base, in the default namespace. */
const en = {
  app: appEn,
  platform: platformEn,
  auth: authEn,
  header: headerEn,
  store: storeEn,
  payment: paymentEn,
  storeConnect: storeConnectEn,
};

export type Messages = typeof en;

const zh: Messages = {
  app: appZh,
  platform: platformZh,
  auth: authZh,
  header: headerZh,
  store: storeZh,
  payment: paymentZh,
  storeConnect: storeConnectZh,
};

export const messages: Record<Locale, Messages> = { en, zh };

export const resources = {
  en: { translation: en },
  zh: { translation: zh },
};
