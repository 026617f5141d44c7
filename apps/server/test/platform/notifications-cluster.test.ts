import { NOTIFICATIONS_API_PATH, USER_SOCKET_PATH, userTopic } from '@payshelf/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/platform/notifications/index.js';
import { cloneTestDatabase } from '../support/database.js';
import { startChildServer, startTestServer, type ChildServer, type TestServer } from '../support/server.js';
import { openSocket, socketUrl } from '../support/socket.js';
import { cookieOf, put, TestUsers, type SignedIn } from './users.js';

// Process A runs in this test; process B is a separate OS process on the same database.
let db: Awaited<ReturnType<typeof cloneTestDatabase>>;
let a: TestServer;
let b: ChildServer;
let user: SignedIn;

beforeAll(async () => {
  db = await cloneTestDatabase();
  [a, b] = await Promise.all([startTestServer(db.url), startChildServer(db.url)]);
  user = await new TestUsers(a.url).signInOwner();
}, 90_000);
afterAll(async () => {
  const code = await b?.stop();
  await a?.stop();
  await db?.drop();
  expect(code).toBe(0);
});

describe('notifications across processes', () => {
  it('delivers notify() on process A to the user socket on process B, and the read event back', async () => {
    const socket = await openSocket(socketUrl(b.url, USER_SOCKET_PATH), { cookie: cookieOf(user.browser) });
    socket.send({ type: 'subscribe', topic: userTopic(user.did) });
    await socket.next((m) => m.type === 'subscribed');

    const sent = await notify(a.server.services, {
      receiver: user.did,
      title: 'From A',
      severity: 'success',
    });
    const created = await socket.next((m) => m.type === 'event' && m.event === 'notification.create');
    expect(created).toMatchObject({ topic: userTopic(user.did), data: { id: sent.id, title: 'From A' } });

    // Marking read through process A's HTTP API reaches the socket on B as well.
    const res = await put(user.browser, `${NOTIFICATIONS_API_PATH}/read`, { ids: [sent.id] });
    expect(await res.json()).toEqual({ readCount: 1 });
    const read = await socket.next((m) => m.type === 'event' && m.event === 'notification.read');
    expect(read).toMatchObject({ data: { receiver: user.did, readCount: 1 } });
    socket.close();
  });
});
