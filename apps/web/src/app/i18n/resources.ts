import type { Locale } from '../../platform/locale/locale';
import { paymentExtras } from '../../payment/i18n/extras';
import { storeMessages } from '../../store/i18n/messages';
import { coreMessages } from './coreResources';

/**
 * All translations, one top-level key per area of the code base, in the default namespace. The app
 * bundles only `coreResources` and loads the rest with the pages; tests and the key types use this whole
 * tree.
 */
const en = {
  ...coreMessages.en,
  store: storeMessages.en.store,
  storeConnect: storeMessages.en.storeConnect,
  payment: { ...coreMessages.en.payment, ...paymentExtras.en.payment },
};

export type Messages = typeof en;

const zh: Messages = {
  ...coreMessages.zh,
  store: storeMessages.zh.store,
  storeConnect: storeMessages.zh.storeConnect,
  payment: { ...coreMessages.zh.payment, ...paymentExtras.zh.payment },
};

export const messages: Record<Locale, Messages> = { en, zh };

export const resources = {
  en: { translation: en },
  zh: { translation: zh },
};
