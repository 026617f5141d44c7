import { describe, expect, it } from 'vitest';
import { PollTimeoutError, pollVerdict, waitForCheckoutComplete } from './poller';
import { fakeSession } from './testFixtures';

const view = (
  status: 'open' | 'complete',
  payment: 'paid' | 'unpaid' | 'no_payment_required',
  intent?: object,
) => ({
  checkoutSession: fakeSession({ status, payment_status: payment }),
  paymentIntent: intent as Record<string, unknown> | undefined,
});

/** A clock that sleeping advances. */
function clock() {
  let t = 0;
  return { now: () => t, sleep: (ms: number) => Promise.resolve(void (t += ms)) };
}

describe('pollVerdict', () => {
  it('is done when complete and paid or no payment required', () => {
    expect(pollVerdict(view('complete', 'paid')).kind).toBe('done');
    expect(pollVerdict(view('complete', 'no_payment_required')).kind).toBe('done');
    expect(pollVerdict(view('complete', 'unpaid')).kind).toBe('pending');
    expect(pollVerdict(view('open', 'paid')).kind).toBe('pending');
  });

  it('fails when the intent requires action and has a last payment error', () => {
    const failing = view('open', 'unpaid', {
      status: 'requires_action',
      last_payment_error: { message: 'No' },
    });
    expect(pollVerdict(failing)).toEqual({ kind: 'failed', message: 'No' });
    expect(pollVerdict(view('open', 'unpaid', { status: 'requires_action' })).kind).toBe('pending');
  });
});

describe('waitForCheckoutComplete', () => {
  it('polls every 2 s until paid', async () => {
    const c = clock();
    const answers = [view('open', 'unpaid'), view('open', 'unpaid'), view('complete', 'paid')];
    const times: number[] = [];
    const done = await waitForCheckoutComplete(
      () => {
        times.push(c.now());
        return Promise.resolve(answers.shift() ?? view('complete', 'paid'));
      },
      { now: c.now, sleep: c.sleep },
    );
    expect(done).toBe(true);
    expect(times).toEqual([0, 2000, 4000]);
  });

  it('times out after 3 minutes', async () => {
    const c = clock();
    let calls = 0;
    const wait = waitForCheckoutComplete(
      () => {
        calls += 1;
        return Promise.resolve(view('open', 'unpaid'));
      },
      { now: c.now, sleep: c.sleep },
    );
    await expect(wait).rejects.toBeInstanceOf(PollTimeoutError);
    expect(calls).toBe(91);
  });

  it('throws the payment error and a failed call', async () => {
    const c = clock();
    const failing = view('open', 'unpaid', {
      status: 'requires_action',
      last_payment_error: { message: 'Bad' },
    });
    await expect(waitForCheckoutComplete(() => Promise.resolve(failing), c)).rejects.toThrow('Bad');
    await expect(waitForCheckoutComplete(() => Promise.reject(new Error('net')), c)).rejects.toThrow('net');
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(
      await waitForCheckoutComplete(() => Promise.resolve(view('open', 'unpaid')), {
        signal: controller.signal,
      }),
    ).toBe(false);
  });
});
