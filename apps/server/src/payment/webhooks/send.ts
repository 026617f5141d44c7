import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { portOf } from '../../core/own-ports.js';
import { AddressRefused, resolveChecked, type Resolved } from './address.js';

export const SEND_TIMEOUT_MS = 10_000;
/** Bytes of an answer read at most; the rest is not waited for. */
const READ_LIMIT = 64 * 1024;
/** Characters of an answer kept on the attempt. */
const KEEP_CHARS = 2048;

export interface SendResult {
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
}

export interface SendOptions {
  /** Test mode: localhost and private networks are allowed (so tests and local receivers work). */
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** The first characters of an answer as PostgreSQL text stores it: no NUL, no half of a surrogate pair. */
function storable(text: string): string {
  return Array.from(text).slice(0, KEEP_CHARS).join('').replace(/\0/g, '\uFFFD');
}

/** A lookup that answers only the addresses checked before the request, so DNS cannot change them. */
function pinned(addresses: Resolved[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = typeof options === 'object' ? options.family : undefined;
    const usable = addresses.filter((a) => !family || a.family === family);
    const list = usable.length > 0 ? usable : addresses;
    if (typeof options === 'object' && options.all) {
      (callback as unknown as (err: null, list: Resolved[]) => void)(null, list);
      return;
    }
    const first = list[0] as Resolved;
    callback(null, first.address, first.family);
  };
}

/**
 * POSTs one webhook. Only http(s); the host is resolved and checked at send time (a name that now
 * points somewhere private is refused, DNS rebinding included) and the connection goes only to the
 * checked addresses. No redirect is followed (a 3xx is a failure), the whole exchange has a timeout,
 * and at most 64 KB of the answer is read.
 */
export async function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, 'durationMs'>): SendResult => ({
    ...r,
    durationMs: Math.round(performance.now() - started),
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return done({ ok: false, status: null, body: null, error: 'invalid URL' });
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return done({ ok: false, status: null, body: null, error: 'only http and https URLs are allowed' });
  }
  let addresses: Resolved[];
  try {
    addresses = await resolveChecked(target.hostname, options.allowPrivate, portOf(target));
  } catch (err) {
    const message = err instanceof AddressRefused ? err.message : 'address check failed';
    return done({ ok: false, status: null, body: null, error: message });
  }
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        lookup: pinned(addresses),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const status = response.statusCode ?? 0;
        const end = () => {
          const text = storable(Buffer.concat(chunks).toString('utf8'));
          const ok = status >= 200 && status < 300;
          const error = ok
            ? null
            : status >= 300 && status < 400
              ? `redirect to ${String(response.headers.location ?? '?').slice(0, 200)} not followed`
              : `HTTP ${status}`;
          finish({ ok, status, body: text, error });
          request.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (size < READ_LIMIT) chunks.push(chunk.subarray(0, READ_LIMIT - size));
          size += chunk.length;
          if (size >= READ_LIMIT) end();
        });
        response.on('end', end);
        response.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, status: null, body: null, error: `timed out after ${timeoutMs} ms` });
      request.destroy();
    }, timeoutMs);
    request.on('error', (err) => {
      finish({ ok: false, status: null, body: null, error: err.message.slice(0, 500) });
    });
    request.end(body);
  });
}
