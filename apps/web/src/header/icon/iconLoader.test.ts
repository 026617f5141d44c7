// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ICON_CACHE_MS, readCachedIcon, writeCachedIcon } from './iconCache';
import { configureIconLoader, loadIcon } from './iconLoader';
import { chunkIconNames, fetchIconSet, ICON_MAX_URL, iconSetPath } from './fetchIconSet';
import { fallbackLetter, readIconSet, splitIconName } from './iconTypes';

const hosts = ['/own', 'https://a.test', 'https://b.test'];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const set = { prefix: 'mdi', icons: { home: { body: '<path d="M0 0h1"/>' } }, width: 24, height: 24 };

/** A fetch whose answers are scheduled per host: [delay ms, response] or 'hang'. */
function scriptedFetch(plan: Record<string, [number, () => Response] | 'hang'>) {
  const calls: string[] = [];
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(url);
    const host = hosts.find((h) => url.startsWith(`${h}/`)) ?? '';
    const step = plan[host];
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      if (step && step !== 'hang') setTimeout(() => resolve(step[1]()), step[0]);
    });
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  configureIconLoader({});
});

describe('fetchIconSet', () => {
  it('asks our own server first and uses its answer', async () => {
    const { fn, calls } = scriptedFetch({ '/own': [10, () => json(set)] });
    const result = fetchIconSet('/mdi.json?icons=home', { hosts, fetchFn: fn });
    await vi.advanceTimersByTimeAsync(20);
    expect(await result).toEqual({ status: 'ok', data: set });
    expect(calls).toEqual(['/own/mdi.json?icons=home']);
  });

  it('rotates to the next host after 750 ms without an answer', async () => {
    const { fn, calls } = scriptedFetch({ '/own': 'hang', 'https://a.test': [100, () => json(set)] });
    const result = fetchIconSet('/mdi.json?icons=home', { hosts, fetchFn: fn });
    await vi.advanceTimersByTimeAsync(749);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[1]).toBe('https://a.test/mdi.json?icons=home');
    await vi.advanceTimersByTimeAsync(100);
    expect((await result).status).toBe('ok');
  });

  it('moves on at once after a non-200 answer, and stops on 404', async () => {
    const moved = scriptedFetch({ '/own': [5, () => json({}, 503)], 'https://a.test': [5, () => json(set)] });
    const ok = fetchIconSet('/x', { hosts, fetchFn: moved.fn });
    await vi.advanceTimersByTimeAsync(20);
    expect((await ok).status).toBe('ok');
    expect(moved.calls).toHaveLength(2);

    const missing = scriptedFetch({
      '/own': [5, () => json({}, 404)],
      'https://a.test': [5, () => json(set)],
    });
    const notFound = fetchIconSet('/x', { hosts, fetchFn: missing.fn });
    await vi.advanceTimersByTimeAsync(2000);
    expect(await notFound).toEqual({ status: 'notFound' });
    expect(missing.calls).toHaveLength(1);
  });

  it('fails after 2000 ms when no host answers', async () => {
    const { fn, calls } = scriptedFetch({});
    const result = fetchIconSet('/x', { hosts, fetchFn: fn });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual({ status: 'failed' });
  });
});

describe('icon names, sets and URL limits', () => {
  it('splits names and picks the fallback letter', () => {
    expect(splitIconName('mdi:home-outline')).toEqual({ prefix: 'mdi', name: 'home-outline' });
    expect(splitIconName('/logo.png')).toBeUndefined();
    expect(fallbackLetter('mdi:store')).toBe('S');
    expect(fallbackLetter('tabler:2fa')).toBe('2');
  });

  it('reads icons and aliases and refuses unsafe bodies', () => {
    const raw = {
      icons: { a: { body: '<path/>', width: 32 }, evil: { body: '<g onload="x()"/>' } },
      aliases: { b: { parent: 'a' } },
      height: 24,
    };
    const found = readIconSet(raw, ['a', 'b', 'evil', 'none']);
    expect([...found.keys()]).toEqual(['a', 'b']);
    expect(found.get('b')).toEqual({ body: '<path/>', width: 32, height: 24 });
  });

  it('keeps every request URL within 500 characters', () => {
    const names = Array.from({ length: 120 }, (_, i) => `icon-name-${i}`);
    const chunks = chunkIconNames('material-symbols', names);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.flat()).toEqual(names);
    for (const chunk of chunks) {
      expect(`https://api.simplesvg.com${iconSetPath('material-symbols', chunk)}`.length).toBeLessThanOrEqual(
        ICON_MAX_URL,
      );
    }
  });
});

describe('icon cache and loader', () => {
  it('caches for one hour in local and session storage', () => {
    const data = { body: '<path/>', width: 24, height: 24 };
    writeCachedIcon('mdi:home', data, 1000);
    expect(localStorage.length).toBe(1);
    expect(sessionStorage.length).toBe(1);
    expect(readCachedIcon('mdi:home', 1000 + ICON_CACHE_MS - 1)).toEqual(data);
    expect(readCachedIcon('mdi:home', 1000 + ICON_CACHE_MS)).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it('batches icons of one set into one request and serves the second load from the cache', async () => {
    const twoIcons = {
      icons: { home: { body: '<path/>' }, star: { body: '<circle/>' } },
      width: 24,
      height: 24,
    };
    const { fn, calls } = scriptedFetch({ '/own': [5, () => json(twoIcons)] });
    configureIconLoader({ hosts, fetchFn: fn });
    const both = Promise.all([loadIcon('mdi:home'), loadIcon('mdi:star'), loadIcon('mdi:gone')]);
    await vi.advanceTimersByTimeAsync(10);
    const [home, star, gone] = await both;
    expect(calls).toEqual(['/own/mdi.json?icons=home,star,gone']);
    expect(home?.body).toBe('<path/>');
    expect(star?.width).toBe(24);
    expect(gone).toBeUndefined();
    expect(await loadIcon('mdi:home')).toEqual(home);
    expect(calls).toHaveLength(1);
  });
});
