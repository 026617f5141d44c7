import { storeEn } from './en';
import { storeZh } from './zh';
import { storeConnectEn } from './connect-en';
import { storeConnectZh } from './connect-zh';

/** The store's strings, loaded with the store's pages. */
export const storeMessages = {
  en: { store: storeEn, storeConnect: storeConnectEn },
  zh: { store: storeZh, storeConnect: storeConnectZh },
};
