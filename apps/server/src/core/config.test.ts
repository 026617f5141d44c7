import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies documented defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.PAYMENT_MOUNT_POINT).toBe('/payment');
    expect(c.JOB_CONCURRENCY).toBe(4);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('normalises mount points and parses numbers and flags', () => {
    const c = loadConfig({ PAYMENT_MOUNT_POINT: '/pay/', PORT: '8080', DEMO_DATA: 'true', TRUST_PROXY: '1' });
    expect(c.PAYMENT_MOUNT_POINT).toBe('/pay');
    expect(c.PORT).toBe(8080);
    expect(c.DEMO_DATA).toBe(true);
    expect(c.TRUST_PROXY).toBe(true);
  });

  it('reads the checkout frame ancestors as a list of origins and refuses anything else', () => {
    expect(loadConfig({}).CHECKOUT_FRAME_ANCESTORS).toEqual([]);
    expect(
      loadConfig({ CHECKOUT_FRAME_ANCESTORS: 'https://Shop.example.com, https://*.example.org:8443' })
        .CHECKOUT_FRAME_ANCESTORS,
    ).toEqual(['https://shop.example.com', 'https://*.example.org:8443']);
    expect(() => loadConfig({ CHECKOUT_FRAME_ANCESTORS: "'unsafe-inline'" })).toThrow(ConfigError);
    expect(() => loadConfig({ CHECKOUT_FRAME_ANCESTORS: 'https://shop.example.com/path' })).toThrow(
      ConfigError,
    );
  });

  it('names every invalid variable in one error', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', PAYMENT_MOUNT_POINT: 'pay' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'nope' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL/);
    }
  });
});
