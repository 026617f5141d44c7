/** Strings of a product's translated texts as the admin catalog shows them. */
export const productTextsEn = {
  translated: 'Visitors reading this language see “{{name}}”',
};
