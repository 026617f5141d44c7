import { storeEn } from './en';
import { storeZh } from './zh';

/** The store's strings, loaded with the store's pages. */
export const storeMessages = {
  en: { store: storeEn },
  zh: { store: storeZh },
};
