// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  parseNotification,
  parseReadEvent,
  toastDecision,
  toastVariant,
  type AppNotification,
} from './notificationModel';
import { bellHref, unreadReducer } from './unreadCount';
import {
  backoffDelay,
  connectUserSocket,
  HEARTBEAT_MS,
  parseSocketEvent,
} from '../../platform/realtime/userSocket';

const me = 'z1me';

describe('unread count reducer', () => {
  it('adds one on create for the current user only', () => {
    expect(unreadReducer(2, { type: 'created', receiver: me, currentUser: me })).toBe(3);
    expect(unreadReducer(2, { type: 'created', receiver: 'z1other', currentUser: me })).toBe(2);
  });

  it('subtracts readCount on read and never goes below zero', () => {
    expect(unreadReducer(5, { type: 'read', receiver: me, readCount: 2, currentUser: me })).toBe(3);
    expect(unreadReducer(1, { type: 'read', receiver: me, readCount: 4, currentUser: me })).toBe(0);
    expect(unreadReducer(1, { type: 'read', receiver: 'z1other', readCount: 1, currentUser: me })).toBe(1);
    expect(unreadReducer(3, { type: 'loaded', count: -2 })).toBe(0);
  });

  it('links the bell with read=true when nothing is unread', () => {
    expect(bellHref('/n', 0)).toBe('/n?read=true');
    expect(bellHref('/n', 3)).toBe('/n?read=false');
  });
});

describe('notification model and toasts', () => {
  const base = parseNotification({
    id: 'n1',
    severity: 'info',
    title: 'Hi',
    source: 'component',
    receivers: [{ receiver: me }],
  }) as AppNotification;

  it('reads a notification and its first receiver', () => {
    expect(base.receiver).toBe(me);
    expect(parseNotification({ id: 'x', severity: 'odd' })?.severity).toBe('normal');
    expect(parseNotification({ title: 'no id' })).toBeUndefined();
    expect(parseReadEvent({ receiver: me, readCount: 3 })).toEqual({ receiver: me, readCount: 3 });
  });

  it('toasts only component notifications, outside wallet apps', () => {
    expect(toastDecision(base, 'Mozilla/5.0 Chrome').show).toBe(true);
    expect(toastDecision({ ...base, source: 'system' }, 'Chrome').show).toBe(false);
    expect(toastDecision(base, 'Mozilla/5.0 ABTWallet/5.1').show).toBe(false);
    expect(toastDecision(base, 'Mozilla/5.0 ArcSphere/1.0').show).toBe(false);
  });

  it('keeps error, warning and sticky toasts open', () => {
    expect(toastDecision(base, '').persist).toBe(false);
    expect(toastDecision({ ...base, severity: 'error' }, '').persist).toBe(true);
    expect(toastDecision({ ...base, severity: 'warning' }, '').persist).toBe(true);
    expect(toastDecision({ ...base, sticky: true }, '').persist).toBe(true);
    expect(toastVariant('normal')).toBe('default');
  });
});

class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  constructor(public url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  drop() {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  receive(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
}

describe('user socket', () => {
  afterEach(() => {
    vi.useRealTimers();
    FakeSocket.all = [];
  });

  it('backs off 1 s doubling to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('parses event frames only', () => {
    expect(parseSocketEvent('{"type":"event","topic":"t","event":"e","data":1}')).toEqual({
      topic: 't',
      event: 'e',
      data: 1,
    });
    expect(parseSocketEvent('{"type":"pong"}')).toBeUndefined();
    expect(parseSocketEvent('not json')).toBeUndefined();
  });

  it('subscribes, pings every 100 s, delivers events of its topic and reconnects', () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const stop = connectUserSocket({
      url: 'ws://x/ws',
      topic: `user:${me}`,
      onEvent: (e) => events.push(e.event),
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    const first = FakeSocket.all[0];
    first?.open();
    expect(first?.sent[0]).toBe(JSON.stringify({ type: 'subscribe', topic: `user:${me}` }));
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(first?.sent[1]).toBe('{"type":"ping"}');
    first?.receive({ type: 'event', topic: `user:${me}`, event: 'notification.create', data: {} });
    first?.receive({ type: 'event', topic: 'user:other', event: 'notification.create', data: {} });
    expect(events).toEqual(['notification.create']);
    first?.drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    stop();
    FakeSocket.all[1]?.drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});
