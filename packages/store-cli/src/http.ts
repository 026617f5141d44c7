// One small HTTP client over node:http(s): JSON answers, streamed uploads with progress, and network
// failures turned into one clear line.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { CliError } from './errors.js';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or null for an empty or non-JSON body. */
  json: unknown;
  text: string;
}

export interface RequestOptions {
  method?: string;
  token?: string;
  headers?: Record<string, string>;
  /** A JSON body, or a stream sent as it is (give `content-length` in headers). */
  body?: unknown;
  stream?: Readable;
  /** Milliseconds without any progress before giving up. */
  timeoutMs?: number;
}

const MAX_ANSWER = 1024 * 1024;

export function request(store: string, path: string, options: RequestOptions = {}): Promise<HttpAnswer> {
  const url = new URL(store + path);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: Buffer | undefined;
  if (options.body !== undefined) {
    payload = Buffer.from(JSON.stringify(options.body));
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(payload.length);
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = send(url, { method: options.method ?? 'GET', headers }, (res) => {
      // The store may answer (413, 401) before the upload ends: stop sending, read the answer.
      answered = true;
      options.stream?.unpipe(req);
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_ANSWER) chunks.push(c);
      });
      res.on('error', (e) => reject(networkError(store, e)));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = null;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json, text });
      });
    });
    req.setTimeout(options.timeoutMs ?? 60_000, () =>
      req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
    );
    req.on('error', (e) => {
      if (!answered) reject(networkError(store, e));
    });
    if (options.stream) {
      options.stream.on('error', (e) => req.destroy(e));
      options.stream.pipe(req);
    } else req.end(payload);
  });
}

/** "Could not reach the store": the cause in a few words, never a stack trace. */
export function networkError(store: string, error: unknown): CliError {
  if (error instanceof CliError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const why: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'DNS lookup failed',
    ETIMEDOUT: 'timed out',
    ECONNRESET: 'connection reset',
    EPIPE: 'connection closed while sending',
  };
  const reason = (code && why[code]) ?? (error instanceof Error ? error.message : String(error));
  return new CliError(
    `Network failure: could not reach the store at ${store} (${reason}). Check the URL and your connection.`,
  );
}

/** The store's `{ error: { code, message } }` answer, when it has that shape. */
export function apiError(answer: HttpAnswer): { code?: string; message?: string; type?: string } {
  const body = answer.json;
  if (body && typeof body === 'object' && 'error' in body) {
    const e = (body as { error: unknown }).error;
    if (e && typeof e === 'object') {
      const { code, message, type } = e as Record<string, unknown>;
      return {
        ...(typeof code === 'string' ? { code } : {}),
        ...(typeof message === 'string' ? { message } : {}),
        ...(typeof type === 'string' ? { type } : {}),
      };
    }
    if (typeof e === 'string') return { message: e };
  }
  return {};
}

/**
 * A failed answer as one clear sentence: a bad or revoked token, a bundle too large, a version not
 * greater than the latest, a blocked app, someone else's app, or the store's own message.
 */
export function explainFailure(store: string, answer: HttpAnswer): CliError {
  const { code = '', message } = apiError(answer);
  const said = message ? ` The store said: ${message}` : '';
  if (answer.status === 401) {
    return new CliError(
      `The store refused the access token (wrong, revoked or deleted).${said} Create a token at ` +
        `${store}/developer/access-tokens and run payshelf-store login --store ${store} --token <token>.`,
    );
  }
  if (answer.status === 413 || /too_large/.test(code))
    return new CliError(`The bundle is too large for this store.${said}`);
  if (/signature/.test(code)) {
    return new CliError(
      `The store refused the bundle's signature: it was not made with this token's key for these bytes.${said} Check that --token is the token you logged in with, then publish again.`,
    );
  }
  if (/version/.test(code)) {
    return new CliError(
      `The version was refused: it must be greater than the latest version on the store.${said} Raise "version" in blocklet.json.`,
    );
  }
  if (/block/.test(code))
    return new CliError(`This app is blocked by the store's admins and cannot be updated.${said}`);
  if (answer.status === 403) return new CliError(`Not allowed.${said}`);
  if (answer.status === 404) return new CliError(`Not found on ${store}.${said}`);
  if (answer.status === 429) return new CliError(`Too many requests; wait a minute and try again.${said}`);
  if (answer.status >= 500)
    return new CliError(`The store failed (HTTP ${answer.status}); try again later.${said}`);
  return new CliError(
    message ? `The store refused the request: ${message}` : `The store answered HTTP ${answer.status}.`,
  );
}
