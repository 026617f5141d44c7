// An application's search document: what publish stores and what the search reads.
import { sql, type SQL } from 'drizzle-orm';
import { cjkDocument, foldText } from './tokens.js';

/** The manifest fields the document is made of. */
export interface DocumentFacts {
  title: string;
  description: string;
  keywords: string[];
}

/** The document's texts, folded to lower case without accents; CJK parts as encoded bigrams. */
export interface DocumentTexts {
  title: string;
  nameAndKeywords: string;
  description: string;
  cjkTitle: string;
  cjkDescription: string;
  /** The trigram text typos are matched on: title and name. */
  searchText: string;
}

export function documentTexts(name: string, facts: DocumentFacts): DocumentTexts {
  return {
    title: foldText(facts.title),
    nameAndKeywords: foldText(`${name} ${name.replace(/[-_]/g, ' ')} ${facts.keywords.join(' ')}`),
    description: foldText(facts.description),
    cjkTitle: cjkDocument(facts.title, ...facts.keywords),
    cjkDescription: cjkDocument(facts.description),
    searchText: foldText(`${facts.title} ${name}`),
  };
}

/**
 * The weighted full-text document of `texts` (values or columns): title (A), name and keywords (B),
 * description (C), the CJK bigrams of title and keywords (A) and of the description (C).
 */
export function documentSql(texts: Record<Exclude<keyof DocumentTexts, 'searchText'>, SQL>): SQL {
  return sql`setweight(to_tsvector('simple', ${texts.title}), 'A')
    || setweight(to_tsvector('simple', ${texts.nameAndKeywords}), 'B')
    || setweight(to_tsvector('simple', ${texts.description}), 'C')
    || setweight(to_tsvector('simple', ${texts.cjkTitle}), 'A')
    || setweight(to_tsvector('simple', ${texts.cjkDescription}), 'C')`;
}
