import { describe, expect, it } from 'vitest';
import { checkAnswerTimes, MAX_ANSWER_LIFETIME_SECONDS, MAX_CLOCK_SKEW_SECONDS } from './timestamps.js';

const now = 1_800_000_000;

describe('answer timestamps', () => {
  it('accepts a fresh answer with the usual five-minute validity', () => {
    expect(checkAnswerTimes({ iat: String(now), exp: String(now + 300) }, now)).toEqual({ ok: true });
    expect(checkAnswerTimes({ iat: now - 100, exp: now + 200 }, now)).toEqual({ ok: true });
  });

  it('requires both iat and exp', () => {
    expect(checkAnswerTimes({ exp: String(now + 300) }, now).ok).toBe(false);
    expect(checkAnswerTimes({ iat: String(now) }, now).ok).toBe(false);
    expect(checkAnswerTimes({ iat: 'soon', exp: String(now) }, now).ok).toBe(false);
  });

  it('bounds clock skew both ways', () => {
    expect(checkAnswerTimes({ iat: now + MAX_CLOCK_SKEW_SECONDS, exp: now + 300 }, now).ok).toBe(true);
    expect(checkAnswerTimes({ iat: now + MAX_CLOCK_SKEW_SECONDS + 1, exp: now + 300 }, now).ok).toBe(false);
    expect(checkAnswerTimes({ iat: now - 400, exp: now - MAX_CLOCK_SKEW_SECONDS - 1 }, now).ok).toBe(false);
  });

  it('refuses answers that claim a long validity', () => {
    expect(checkAnswerTimes({ iat: now, exp: now + MAX_ANSWER_LIFETIME_SECONDS }, now).ok).toBe(true);
    expect(checkAnswerTimes({ iat: now, exp: now + MAX_ANSWER_LIFETIME_SECONDS + 1 }, now).ok).toBe(false);
  });
});
