// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressTimer } from './progressTimer';
import { subscribeRequests, trackSocket } from './requestTracker';

let changes: Array<[number, boolean]>;
let timer: ProgressTimer;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  changes = [];
  timer = new ProgressTimer((visible) => changes.push([Date.now(), visible]));
});
afterEach(() => {
  timer.dispose();
  vi.useRealTimers();
});

describe('progress timer', () => {
  it('shows the page load at once and keeps it at least 250 ms', () => {
    timer.begin(true);
    vi.advanceTimersByTime(100);
    timer.end();
    vi.advanceTimersByTime(149);
    expect(changes).toEqual([[0, true]]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([
      [0, true],
      [250, false],
    ]);
  });

  it('hides right after a load longer than the minimum', () => {
    timer.begin(true);
    vi.advanceTimersByTime(400);
    timer.end();
    vi.advanceTimersByTime(0);
    expect(changes).toEqual([
      [0, true],
      [400, false],
    ]);
  });

  it('ignores later requests shorter than 500 ms', () => {
    timer.begin();
    vi.advanceTimersByTime(499);
    timer.end();
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([]);
  });

  it('restarts for a request still running after 500 ms, until the last one ends', () => {
    timer.begin();
    vi.advanceTimersByTime(300);
    timer.begin();
    vi.advanceTimersByTime(200);
    expect(changes).toEqual([[500, true]]);
    timer.end();
    vi.advanceTimersByTime(1000);
    expect(changes).toHaveLength(1);
    timer.end();
    vi.advanceTimersByTime(0);
    expect(changes).toEqual([
      [500, true],
      [1500, false],
    ]);
  });
});

describe('request tracker', () => {
  it('tracks a websocket until it opens', () => {
    const events: string[] = [];
    const stop = subscribeRequests({ begin: () => events.push('begin'), end: () => events.push('end') });
    const socket = new EventTarget();
    trackSocket(socket as unknown as WebSocket);
    expect(events).toEqual(['begin']);
    socket.dispatchEvent(new Event('open'));
    socket.dispatchEvent(new Event('close'));
    expect(events).toEqual(['begin', 'end']);
    stop();
  });
});
