import { errorBody, iconSetAnswer, type NavigationItemInput } from '@payshelf/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNavigation } from '../../src/platform/navigation/defaults.js';
import { cloneTestDatabase } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';

let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;

beforeAll(async () => {
  db = await cloneTestDatabase();
  server = await startTestServer(db.url);
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

const get = (path: string) => fetch(`${server.url}/.well-known/service/icons${path}`);

describe('GET /.well-known/service/icons/{prefix}.json', () => {
  it('answers Iconify JSON from the bundled set, cached for an hour, readable from any origin', async () => {
    const res = await get('/mdi.json?icons=home,bell-outline,storefront-outline,no-such-icon');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const answer = iconSetAnswer.parse(await res.json());
    expect(answer.prefix).toBe('mdi');
    expect(answer.width).toBe(24);
    expect(answer.height).toBe(24);
    expect(Object.keys(answer.icons).sort()).toEqual(['bell-outline', 'home', 'storefront-outline']);
    expect(answer.icons.home?.body).toMatch(/^<path /);
    expect(answer.not_found).toEqual(['no-such-icon']);
    const codicon = iconSetAnswer.parse(await (await get('/codicon.json?icons=blank')).json());
    expect(Object.keys(codicon.icons)).toEqual(['blank']);
  });

  it('serves every icon the default navigation uses', async () => {
    const names: string[] = [];
    const walk = (items: NavigationItemInput[]) =>
      items.forEach((i) => {
        if (i.icon?.startsWith('mdi:')) names.push(i.icon.slice(4));
        walk(i.items ?? []);
      });
    walk(defaultNavigation('/payment').items);
    expect(names.length).toBeGreaterThan(3);
    const answer = iconSetAnswer.parse(await (await get(`/mdi.json?icons=${names.join(',')}`)).json());
    expect(answer.not_found).toBeUndefined();
  });

  it('answers 404 for an unknown set, 400 for a bad request and 414 past 500 characters', async () => {
    const unknown = await get('/nope.json?icons=home');
    expect(unknown.status).toBe(404);
    expect(errorBody.parse(await unknown.json()).error.type).toBe('not_found_error');
    const noIcons = await get('/mdi.json');
    expect(noIcons.status).toBe(400);
    expect(errorBody.parse(await noIcons.json()).error.param).toBe('icons');
    expect((await get('/mdi.json?icons=,,')).status).toBe(400);
    expect((await get('/MDI.txt?icons=home')).status).toBe(400);
    const long = await get(`/mdi.json?icons=${'home,'.repeat(120)}home`);
    expect(long.status).toBe(414);
    expect(errorBody.parse(await long.json()).error.code).toBe('uri_too_long');
  });
});
