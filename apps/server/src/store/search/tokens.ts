// Text → search tokens. PostgreSQL's parser splits words by the database locale and drops CJK
// characters under the C locale, so Chinese (and Japanese/Korean) runs are turned into overlapping
// bigrams encoded as ASCII words (`x652fx4ed8` for 支付): both the document and the query use them,
// which makes any two-character Chinese word findable whatever the locale.

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
/** Latin words and digits the query keeps; everything else separates words. */
const WORD = /[\p{L}\p{N}]+/gu;

function encode(chars: string): string {
  return [...chars].map((c) => `x${(c.codePointAt(0) ?? 0).toString(16)}`).join('');
}

/** The encoded bigrams of every CJK run in `text` (a single character stands alone). */
export function cjkTokens(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(CJK_RUN) ?? []) {
    const chars = [...run];
    if (chars.length === 1) out.push(encode(run));
    for (let i = 0; i + 1 < chars.length; i++) out.push(encode(`${chars[i]}${chars[i + 1]}`));
  }
  return out;
}

/** The text a document's CJK part is indexed from: its bigram tokens separated by spaces. */
export function cjkDocument(...texts: string[]): string {
  return texts.flatMap((t) => cjkTokens(t)).join(' ');
}

/** Lower case without accents (café → cafe), as both the document and the query are indexed. */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
}

export interface SearchTerms {
  /** A `to_tsquery('simple', …)` text: every term must match, the last as a prefix; null when empty. */
  tsquery: string | null;
  /** The Latin part, lower case, for trigram typo matching; '' when none. */
  fuzzy: string;
}

/**
 * A user's query as search terms. Latin words become lexemes (`pay:*` for the word being typed, so
 * results follow each keystroke); CJK runs become their encoded bigrams (a one-character query matches
 * the bigrams it starts with through a prefix). Only letters and digits reach the tsquery text, so user input
 * cannot inject tsquery operators.
 */
export function searchTerms(query: string): SearchTerms {
  const latin = query.replace(CJK_RUN, ' ');
  const words = (latin.toLowerCase().match(WORD) ?? [])
    .map((w) => foldText(w))
    .filter((w) => w.length > 0)
    .slice(0, 8);
  const parts = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w));
  for (const run of query.match(CJK_RUN) ?? []) {
    const chars = [...run];
    if (chars.length === 1) parts.push(`${encode(run)}:*`);
    for (let i = 0; i + 1 < chars.length && parts.length < 24; i++)
      parts.push(encode(`${chars[i]}${chars[i + 1]}`));
  }
  return { tsquery: parts.length > 0 ? parts.join(' & ') : null, fuzzy: words.join(' ') };
}
