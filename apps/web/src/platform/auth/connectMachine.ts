import type { ConnectStatusValue } from '@payshelf/api';

/** Where a DID Connect dialog is: the states the user sees. */
export type ConnectState =
  | { kind: 'starting' }
  | {
      kind: 'waiting';
      token: string;
      url: string;
      devWallet: boolean;
      scanned: boolean;
      /** Epoch milliseconds after which the QR code is dead. */
      expiresAt: number;
      /** The test wallet is approving right now. */
      devApproving: boolean;
    }
  | { kind: 'approved'; did: string }
  | { kind: 'expired' }
  | { kind: 'failed'; reason: 'forbidden' | 'error'; message: string };

export type ConnectEvent =
  | { type: 'started'; token: string; url: string; devWallet: boolean; expiresIn: number; now: number }
  | { type: 'status'; status: ConnectStatusValue; error?: string; did?: string }
  | { type: 'gone' }
  | { type: 'forbidden'; message: string }
  | { type: 'tick'; now: number }
  | { type: 'devApproving'; on: boolean }
  | { type: 'failed'; message: string }
  | { type: 'retry' };

export const POLL_INTERVAL_MS = 2000;

/**
 * The dialog's state machine. Only a waiting dialog reacts to the server: once approved, expired or
 * failed, late poll answers (a 404 after the success was consumed, say) change nothing.
 */
export function connectReducer(state: ConnectState, event: ConnectEvent): ConnectState {
  if (event.type === 'retry') return { kind: 'starting' };
  if (event.type === 'started') {
    if (state.kind !== 'starting') return state;
    return {
      kind: 'waiting',
      token: event.token,
      url: event.url,
      devWallet: event.devWallet,
      scanned: false,
      expiresAt: event.now + event.expiresIn * 1000,
      devApproving: false,
    };
  }
  if (event.type === 'failed') {
    return state.kind === 'starting' || state.kind === 'waiting'
      ? { kind: 'failed', reason: 'error', message: event.message }
      : state;
  }
  if (state.kind !== 'waiting') return state;
  switch (event.type) {
    case 'status':
      switch (event.status) {
        case 'created':
          return state;
        case 'scanned':
          return state.scanned ? state : { ...state, scanned: true };
        case 'succeed':
          return { kind: 'approved', did: event.did ?? '' };
        case 'forbidden':
          return { kind: 'failed', reason: 'forbidden', message: event.error ?? '' };
        case 'error':
        case 'busy':
          return { kind: 'failed', reason: 'error', message: event.error ?? '' };
      }
      return state;
    case 'gone':
      return { kind: 'expired' };
    case 'forbidden':
      return { kind: 'failed', reason: 'forbidden', message: event.message };
    case 'tick':
      return event.now >= state.expiresAt ? { kind: 'expired' } : state;
    case 'devApproving':
      return { ...state, devApproving: event.on };
  }
}
