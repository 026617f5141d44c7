/** A DID as the platform writes them (optionally with the did:abt: prefix). */
const DID_PATTERN = /^(did:abt:)?z[1-9A-HJ-NP-Za-km-z]{20,}$/;

/**
 * What a customer search asks the server: an email or a DID exactly; any other text filters the
 * loaded page by name, email or id.
 */
export function customerSearch(text: string): { email?: string; did?: string; local: string } {
  const q = text.trim();
  if (q.includes('@')) return { email: q, local: '' };
  if (DID_PATTERN.test(q)) return { did: q.replace(/^did:abt:/, ''), local: '' };
  return { local: q };
}
