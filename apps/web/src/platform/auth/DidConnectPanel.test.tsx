// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { resources } from '../../app/i18n/resources';
import { createI18n } from '../i18n/createI18n';
import type { ConnectState } from './connectMachine';
import { DidConnectPanel, type ConnectPurpose } from './DidConnectPanel';

afterEach(cleanup);

const waiting: ConnectState = {
  kind: 'waiting',
  token: 't',
  url: 'https://example.test/connect?t=1',
  devWallet: true,
  scanned: false,
  expiresAt: Date.now() + 60_000,
  devApproving: false,
};

function panel(state: ConnectState, purpose: ConnectPurpose | undefined, locale: 'en' | 'zh' = 'en') {
  const controls = { state, retry: () => undefined, approveWithTestWallet: () => undefined };
  return render(
    <AppProviders i18n={createI18n(locale, resources)} queryClient={new QueryClient()}>
      <DidConnectPanel controls={controls} purpose={purpose} />
    </AppProviders>,
  );
}

const text = () => screen.getByTestId('did-connect').textContent ?? '';

describe('DidConnectPanel words', () => {
  it('says paying, not signing in, when the wallet pays (en and zh)', () => {
    panel(waiting, 'pay');
    expect(text()).toContain('Scan the QR code with DID Wallet to pay.');
    expect(text()).toContain('the test wallet pays');
    expect(text()).not.toMatch(/sign/i);
    cleanup();
    panel({ kind: 'approved', did: 'z1' }, 'pay');
    expect(text()).toContain('Confirming your payment');
    cleanup();
    panel(waiting, 'pay', 'zh');
    expect(text()).toContain('扫描二维码支付');
    expect(text()).not.toContain('登录');
  });

  it('keeps the sign-in words for sign-in', () => {
    panel(waiting, undefined);
    expect(text()).toContain('Scan the QR code with DID Wallet to sign in.');
    cleanup();
    panel(waiting, 'signIn', 'zh');
    expect(text()).toContain('扫描二维码登录');
  });
});
