import { describe, expect, it } from 'vitest';
import { connectReducer, type ConnectState } from './connectMachine';

const started = connectReducer(
  { kind: 'starting' },
  {
    type: 'started',
    token: 't1',
    url: 'https://abtwallet.io/i/?x',
    devWallet: true,
    expiresIn: 300,
    now: 1000,
  },
);

describe('DID Connect dialog state', () => {
  it('shows the QR code once the token exists, with its expiry', () => {
    expect(started).toEqual({
      kind: 'waiting',
      token: 't1',
      url: 'https://abtwallet.io/i/?x',
      devWallet: true,
      scanned: false,
      expiresAt: 301_000,
      devApproving: false,
    });
  });

  it('goes scanned, then approved with the wallet DID', () => {
    const scanned = connectReducer(started, { type: 'status', status: 'scanned' });
    expect(scanned).toMatchObject({ kind: 'waiting', scanned: true });
    expect(connectReducer(scanned, { type: 'status', status: 'created' })).toBe(scanned);
    expect(connectReducer(scanned, { type: 'status', status: 'succeed', did: 'z1abc' })).toEqual({
      kind: 'approved',
      did: 'z1abc',
    });
  });

  it('expires after the token lifetime or when the server forgot the token', () => {
    expect(connectReducer(started, { type: 'tick', now: 300_999 })).toBe(started);
    expect(connectReducer(started, { type: 'tick', now: 301_000 })).toEqual({ kind: 'expired' });
    expect(connectReducer(started, { type: 'gone' })).toEqual({ kind: 'expired' });
  });

  it('fails on a declined, errored or forbidden flow, keeping the server message', () => {
    expect(connectReducer(started, { type: 'status', status: 'error', error: 'declined' })).toEqual({
      kind: 'failed',
      reason: 'error',
      message: 'declined',
    });
    expect(connectReducer(started, { type: 'forbidden', message: 'mismatch' })).toMatchObject({
      kind: 'failed',
      reason: 'forbidden',
    });
    expect(connectReducer({ kind: 'starting' }, { type: 'failed', message: 'offline' })).toMatchObject({
      kind: 'failed',
      message: 'offline',
    });
  });

  it('ignores late answers once finished, and starts over on retry', () => {
    const approved: ConnectState = { kind: 'approved', did: 'z1abc' };
    expect(connectReducer(approved, { type: 'gone' })).toBe(approved);
    expect(connectReducer(approved, { type: 'failed', message: 'late' })).toBe(approved);
    const expired: ConnectState = { kind: 'expired' };
    expect(connectReducer(expired, { type: 'status', status: 'succeed' })).toBe(expired);
    expect(connectReducer(expired, { type: 'retry' })).toEqual({ kind: 'starting' });
    expect(
      connectReducer(started, {
        type: 'started',
        token: 't2',
        url: 'u',
        devWallet: false,
        expiresIn: 1,
        now: 0,
      }),
    ).toBe(started);
  });

  it('marks the test wallet busy while it approves', () => {
    expect(connectReducer(started, { type: 'devApproving', on: true })).toMatchObject({ devApproving: true });
  });
});
