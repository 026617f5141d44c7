import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../testing/memoryStorage';
import type { CheckoutView } from './api';
import { startOrResume } from './linkSession';
import { fakeSession } from './testFixtures';

const LINK = 'plink_aaaaaaaa';
const NOW = 1_900_000_000;

/** A server of sessions: start makes a new open one, retrieve answers what it holds. */
function fakeServer() {
  const sessions = new Map<string, CheckoutView['checkoutSession']>();
  let started = 0;
  const viewOf = (id: string) => {
    const session = sessions.get(id);
    if (!session) return Promise.reject(new Error('No such checkout session'));
    return Promise.resolve({ checkoutSession: session } as CheckoutView);
  };
  return {
    sessions,
    started: () => started,
    api: {
      start: (link: string) => {
        started += 1;
        const id = `cs_${started}`;
        sessions.set(id, fakeSession({ id, payment_link_id: link, expires_at: NOW + 1800 }));
        return viewOf(id);
      },
      retrieve: viewOf,
    },
  };
}

describe('a payment link reopened in the same browser', () => {
  it('continues the open session on every reload', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const first = await startOrResume(server.api, LINK, storage, NOW);
    const second = await startOrResume(server.api, LINK, storage, NOW + 60);
    const third = await startOrResume(server.api, LINK, storage, NOW + 120);
    expect(second.checkoutSession.id).toBe(first.checkoutSession.id);
    expect(third.checkoutSession.id).toBe(first.checkoutSession.id);
    expect(server.started()).toBe(1);
  });

  it('starts a new session once the remembered one completed, expired or is gone', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const first = await startOrResume(server.api, LINK, storage, NOW);
    server.sessions.set(first.checkoutSession.id, { ...first.checkoutSession, status: 'complete' });
    const afterPaid = await startOrResume(server.api, LINK, storage, NOW);
    expect(afterPaid.checkoutSession.id).not.toBe(first.checkoutSession.id);

    const expired = await startOrResume(server.api, LINK, storage, NOW + 3600);
    expect(expired.checkoutSession.id).not.toBe(afterPaid.checkoutSession.id);

    server.sessions.clear();
    const gone = await startOrResume(server.api, LINK, storage, NOW);
    expect(gone.checkoutSession.id).toBe('cs_4');
    expect(server.started()).toBe(4);
  });

  it('keeps one session per link and starts fresh in another browser', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const a = await startOrResume(server.api, LINK, storage, NOW);
    const b = await startOrResume(server.api, 'plink_bbbbbbbb', storage, NOW);
    expect(b.checkoutSession.id).not.toBe(a.checkoutSession.id);
    const elsewhere = await startOrResume(server.api, LINK, memoryStorage(), NOW);
    expect(elsewhere.checkoutSession.id).not.toBe(a.checkoutSession.id);
    expect((await startOrResume(server.api, LINK, storage, NOW)).checkoutSession.id).toBe(
      a.checkoutSession.id,
    );
  });
});
