import {
  errorBody,
  notification,
  notificationList,
  notificationReadEvent,
  NOTIFICATIONS_API_PATH,
  USER_SOCKET_PATH,
  userTopic,
  type NotificationList,
} from '@payshelf/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/platform/notifications/index.js';
import { cloneTestDatabase } from '../support/database.js';
import { TestBrowser } from '../support/identity.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { openSocket, socketUrl } from '../support/socket.js';
import { cookieOf, put, TestUsers, type SignedIn } from './users.js';

let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let server: TestServer;
let owner: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
const COMPONENT = 'z8iZpnQZ7fPhKsN6rKZ2vR4NQfgPfXvmcyAjC';

beforeAll(async () => {
  db = await cloneTestDatabase();
  server = await startTestServer(db.url);
  const users = new TestUsers(server.url);
  owner = await users.signInOwner();
  [alice, bob] = await Promise.all([users.signInAs('member', 'Alice'), users.signInAs('guest', 'Bob')]);
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

const create = (browser: TestBrowser, body: unknown) => browser.post('/api/notifications', body);

async function list(browser: TestBrowser, query = ''): Promise<NotificationList> {
  const res = await browser.get(`${NOTIFICATIONS_API_PATH}${query}`);
  expect(res.status).toBe(200);
  return notificationList.parse(await res.json());
}

async function unread(browser: TestBrowser): Promise<number> {
  const res = await browser.get(`${NOTIFICATIONS_API_PATH}/unread-count`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { unreadCount: number }).unreadCount;
}

describe('POST /api/notifications', () => {
  it('is for owners and admins only', async () => {
    const body = { receiver: alice.did, title: 'Hi' };
    expect((await create(new TestBrowser(server.url), body)).status).toBe(401);
    expect((await create(alice.browser, body)).status).toBe(403);
    expect((await create(bob.browser, body)).status).toBe(403);
  });

  it('validates with the field named', async () => {
    for (const [body, param] of [
      [{ receiver: 'not-a-did', title: 'x' }, 'receiver'],
      [{ receiver: alice.did, title: '' }, 'title'],
      [{ receiver: alice.did, title: 'x', severity: 'fatal' }, 'severity'],
      [{ receiver: alice.did, title: 'x', activity: { type: 'poke', actor: 'z1' } }, 'activity.type'],
      [{ receiver: alice.did, title: 'nul\u0000' }, 'title'],
    ] as const) {
      const res = await create(owner.browser, body);
      expect(res.status).toBe(400);
      expect(errorBody.parse(await res.json()).error.param).toBe(param);
    }
  });

  it('creates notifications of every kind', async () => {
    const bodies = [
      { receiver: alice.did, title: 'Welcome' },
      {
        receiver: `did:abt:${alice.did}`,
        title: 'Paid',
        severity: 'success',
        source: 'component',
        componentDid: COMPONENT,
      },
      {
        receiver: alice.did,
        title: 'Failed',
        severity: 'error',
        source: 'component',
        componentDid: COMPONENT,
        sticky: true,
      },
      {
        receiver: alice.did,
        title: 'Mentioned',
        severity: 'info',
        activity: {
          type: 'mention',
          actor: owner.did,
          target: { id: 'app1', name: 'App' },
          meta: { id: 'c1', content: 'hi' },
        },
        actorInfo: { did: owner.did, fullName: 'Olivia Owner' },
      },
      { receiver: bob.did, title: 'For Bob', severity: 'warning' },
    ];
    for (const body of bodies) {
      const res = await create(owner.browser, body);
      expect(res.status).toBe(201);
      const created = notification.parse(await res.json());
      expect(created.receivers).toEqual([{ receiver: body.receiver.replace('did:abt:', '') }]);
      expect(created.read).toBe(false);
    }
  });
});

describe('the user notification API', () => {
  it('needs a signed-in user', async () => {
    expect((await new TestBrowser(server.url).get(NOTIFICATIONS_API_PATH)).status).toBe(401);
    expect((await new TestBrowser(server.url).get(`${NOTIFICATIONS_API_PATH}/unread-count`)).status).toBe(
      401,
    );
  });

  it("lists the caller's own notifications newest first, with filters and pages", async () => {
    const all = await list(alice.browser);
    expect(all.count).toBe(4);
    expect(all.unreadCount).toBe(4);
    expect(all.list.map((n) => n.title)).toEqual(['Mentioned', 'Failed', 'Paid', 'Welcome']);
    expect(all.list[0]?.activity?.target?.name).toBe('App');
    expect((await list(alice.browser, '?severity=error')).list.map((n) => n.title)).toEqual(['Failed']);
    expect((await list(alice.browser, '?severity=all')).count).toBe(4);
    expect((await list(alice.browser, '?componentDid=system')).list.map((n) => n.title)).toEqual([
      'Mentioned',
      'Welcome',
    ]);
    expect((await list(alice.browser, `?componentDid=${COMPONENT}`)).count).toBe(2);
    expect((await list(alice.browser, '?componentDid=all')).count).toBe(4);
    const id = all.list[2]?.id ?? '';
    expect((await list(alice.browser, `?id=${id}`)).list.map((n) => n.title)).toEqual(['Paid']);
    const page2 = await list(alice.browser, '?pageSize=3&page=2');
    expect(page2).toMatchObject({ count: 4, page: 2, pageSize: 3 });
    expect(page2.list.map((n) => n.title)).toEqual(['Welcome']);
    for (const bad of [
      '?severity=fatal',
      '?read=maybe',
      '?pageSize=1000',
      '?page=0',
      '?id=%00',
      '?componentDid=a%00',
    ]) {
      const res = await alice.browser.get(`${NOTIFICATIONS_API_PATH}${bad}`);
      expect(res.status).toBe(400);
    }
  });

  it("marks read by id or all, lowering the unread count, never touching others' notifications", async () => {
    const bobs = await list(bob.browser);
    expect(bobs.list.map((n) => n.title)).toEqual(['For Bob']);
    const alices = await list(alice.browser);
    const [first, second] = alices.list;

    // Bob cannot read or mark Alice's notifications: his ids filter finds nothing and marks nothing.
    expect((await list(bob.browser, `?id=${first?.id}`)).count).toBe(0);
    const sneaky = await put(bob.browser, `${NOTIFICATIONS_API_PATH}/read`, { ids: [first?.id] });
    expect(await sneaky.json()).toEqual({ readCount: 0 });
    expect(await unread(alice.browser)).toBe(4);

    const one = await put(alice.browser, `${NOTIFICATIONS_API_PATH}/read`, { ids: [first?.id] });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ readCount: 1 });
    expect(await unread(alice.browser)).toBe(3);
    const again = await put(alice.browser, `${NOTIFICATIONS_API_PATH}/read`, {
      ids: [first?.id, second?.id],
    });
    expect(await again.json()).toEqual({ readCount: 1 });
    expect((await list(alice.browser, '?read=true')).list.map((n) => n.id)).toEqual([first?.id, second?.id]);
    expect((await list(alice.browser, '?read=false')).count).toBe(2);

    const rest = await put(alice.browser, `${NOTIFICATIONS_API_PATH}/read`, { all: true });
    expect(await rest.json()).toEqual({ readCount: 2 });
    expect(await unread(alice.browser)).toBe(0);
    expect(await unread(bob.browser)).toBe(1);

    for (const body of [{}, { ids: [] }, { all: false }, { ids: ['x'], all: true }]) {
      const res = await put(alice.browser, `${NOTIFICATIONS_API_PATH}/read`, body);
      expect(res.status).toBe(400);
    }
  });
});

describe('the user notifications websocket', () => {
  const url = () => socketUrl(server.url, USER_SOCKET_PATH);

  it('lets a user subscribe to their own topic only', async () => {
    const anonymous = await openSocket(url());
    expect(await anonymous.next((m) => m.type === 'hello')).toEqual({ type: 'hello', heartbeat: 100 });
    anonymous.send({ type: 'subscribe', topic: userTopic(alice.did) });
    expect(await anonymous.next((m) => m.type === 'error')).toMatchObject({ code: 'forbidden' });
    anonymous.close();

    const socket = await openSocket(url(), { cookie: cookieOf(bob.browser) });
    socket.send({ type: 'subscribe', topic: userTopic(alice.did) });
    expect(await socket.next((m) => m.type === 'error')).toMatchObject({
      code: 'forbidden',
      topic: userTopic(alice.did),
    });
    socket.send({ type: 'subscribe', topic: 'public:news' });
    expect(await socket.next((m) => m.type === 'error' && m.topic === 'public:news')).toMatchObject({
      code: 'forbidden',
    });
    socket.send({ type: 'subscribe', topic: userTopic(bob.did) });
    await socket.next((m) => m.type === 'subscribed');
    socket.close();
  });

  it('delivers notify() and mark-read to the receiver only, after the transaction commits', async () => {
    const aliceSocket = await openSocket(url(), { cookie: cookieOf(alice.browser) });
    const bobSocket = await openSocket(url(), { cookie: cookieOf(bob.browser) });
    aliceSocket.send({ type: 'subscribe', topic: userTopic(alice.did) });
    bobSocket.send({ type: 'subscribe', topic: userTopic(bob.did) });
    await aliceSocket.next((m) => m.type === 'subscribed');
    await bobSocket.next((m) => m.type === 'subscribed');
    const services = server.server.services;

    await services.database.db
      .transaction(async (tx) => {
        await notify(services, { receiver: alice.did, title: 'Rolled back' }, tx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const sent = await services.database.db.transaction((tx) =>
      notify(
        services,
        { receiver: alice.did, title: 'Invoice paid', source: 'component', componentDid: COMPONENT },
        tx,
      ),
    );

    const event = await aliceSocket.next((m) => m.type === 'event');
    expect(event).toMatchObject({ topic: userTopic(alice.did), event: 'notification.create' });
    const data = event.type === 'event' ? notification.parse(event.data) : null;
    expect(data).toMatchObject({ id: sent.id, title: 'Invoice paid', receivers: [{ receiver: alice.did }] });
    expect((await list(alice.browser)).list.some((n) => n.title === 'Rolled back')).toBe(false);
    expect(await unread(alice.browser)).toBe(1);

    await put(alice.browser, `${NOTIFICATIONS_API_PATH}/read`, { all: true });
    const read = await aliceSocket.next((m) => m.type === 'event' && m.event === 'notification.read');
    expect(read.type === 'event' ? notificationReadEvent.parse(read.data) : null).toEqual({
      receiver: alice.did,
      readCount: 1,
    });
    expect(
      aliceSocket.received.filter((m) => m.type === 'event' && m.event === 'notification.create'),
    ).toHaveLength(1);
    expect(bobSocket.received.filter((m) => m.type === 'event')).toHaveLength(0);
    aliceSocket.close();
    bobSocket.close();
  });
});
