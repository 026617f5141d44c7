import { describe, expect, it } from 'vitest';
import { lineText } from './pdf-route.js';

const team = { name: 'Team plan', description: null, metadata: { translations: { zh: { name: '团队版' } } } };
const line = (amount: string, proration: boolean, description: string | null) => ({
  description,
  price_id: 'price_team',
  proration,
  amount,
  billed_product: team,
});

describe('invoice PDF line words', () => {
  it("names a proration by product with the reader's words for unused and remaining time", () => {
    expect(lineText(line('-500000', true, 'Unused time'), 'zh')).toBe('团队版 – 未使用时间');
    expect(lineText(line('900000', true, 'Remaining time'), 'zh')).toBe('团队版 – 剩余时间');
    expect(lineText(line('-500000', true, 'Unused time'), 'en')).toBe('Team plan – Unused time');
  });
  it("keeps a plain line's own note beside the product, and the product alone without one", () => {
    expect(lineText(line('1000000', false, 'Seats'), 'zh')).toBe('团队版 – Seats');
    expect(lineText(line('1000000', false, null), 'zh')).toBe('团队版');
  });
});
