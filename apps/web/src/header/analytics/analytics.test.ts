// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventUrl, pageViewUrl, sendBeacon } from './analytics';

afterEach(() => vi.useRealTimers());

describe('analytics beacons', () => {
  it('builds page-view and event addresses', () => {
    expect(pageViewUrl('/')).toBe('/.well-known/analytics/pv/');
    expect(pageViewUrl('/store/apps/')).toBe('/.well-known/analytics/pv/store/apps');
    expect(pageViewUrl('/a b/ü')).toBe('/.well-known/analytics/pv/a%20b/%C3%BC');
    expect(eventUrl('checkout/start')).toBe('/.well-known/analytics/evt/checkout%2Fstart');
  });

  it('injects the script after 200 ms and removes it once loaded', () => {
    vi.useFakeTimers();
    const appended: Node[] = [];
    const append = vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      appended.push(node);
      return node;
    });
    sendBeacon('/.well-known/analytics/pv/x');
    vi.advanceTimersByTime(199);
    expect(appended).toHaveLength(0);
    vi.advanceTimersByTime(1);
    const script = appended[0];
    expect(script instanceof HTMLScriptElement && script.getAttribute('src')).toBe(
      '/.well-known/analytics/pv/x',
    );
    append.mockRestore();
    if (script) document.head.appendChild(script);
    script?.dispatchEvent(new Event('load'));
    expect(script?.isConnected).toBe(false);
  });

  it('can be cancelled before it is sent', () => {
    vi.useFakeTimers();
    const cancel = sendBeacon('/.well-known/analytics/evt/y');
    cancel();
    vi.advanceTimersByTime(500);
    expect(document.head.querySelector('script[src="/.well-known/analytics/evt/y"]')).toBeNull();
  });
});
