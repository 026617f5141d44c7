import { describe, expect, it } from 'vitest';
import { cjkDocument, cjkTokens, searchTerms } from './tokens.js';

describe('search tokens', () => {
  it('turns a Chinese run into overlapping encoded bigrams', () => {
    expect(cjkTokens('支付工具')).toEqual(['x652fx4ed8', 'x4ed8x5de5', 'x5de5x5177']);
    expect(cjkTokens('Pay 钱')).toEqual(['x94b1']);
    expect(cjkDocument('hello')).toBe('');
  });

  it('finds a Chinese word inside a longer text: the query bigrams are a subset of the document', () => {
    const doc = new Set(cjkTokens('一个简单的支付工具'));
    const q = searchTerms('支付');
    expect(q.tsquery).toBe('x652fx4ed8');
    expect(doc.has('x652fx4ed8')).toBe(true);
  });

  it('makes the last Latin word a prefix and keeps only safe characters', () => {
    expect(searchTerms('Image resi')).toEqual({ tsquery: 'image & resi:*', fuzzy: 'image resi' });
    expect(searchTerms("a' | !b:* & (c)")).toEqual({ tsquery: 'a & b & c:*', fuzzy: 'a b c' });
    expect(searchTerms('  ').tsquery).toBeNull();
  });

  it('folds accents', () => {
    expect(searchTerms('café').tsquery).toBe('cafe:*');
  });
});
