import { callErrorOf, type ApiCallError } from '@payshelf/api';
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The store API lives at the site root (the store's routes are mounted at `/`). */
export const STORE_API = '/api';

/**
 * One store call with the session cookie, checked against the shared contract. A failure throws
 * `ApiCallError` with the server's message (in the user's language), code and field.
 */
export async function storeCall<S extends z.ZodType>(
  schema: S,
  path: string,
  method: Method = 'GET',
  body?: unknown,
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${STORE_API}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) throw callErrorOf(res.status, json);
  return schema.parse(json);
}

export interface UploadHandle {
  /** Resolves with the server's answer, rejects with an `ApiCallError`. */
  done: Promise<unknown>;
  abort(): void;
}

/**
 * Uploads a bundle (.tgz) as the raw request body with XMLHttpRequest, whose upload events give the
 * real progress (fetch has none): `onProgress` receives the fraction sent, 0 to 1.
 */
/** Longest changelog the upload form sends (its percent-encoded header stays under the server's 12 KB). */
export const CHANGELOG_FIELD_MAX = 1000;

/** Uploads `file`; a non-empty `changelog` (Markdown) travels percent-encoded in `x-blocklet-changelog`. */
export function uploadBundle(
  file: Blob,
  onProgress: (fraction: number) => void,
  changelog = '',
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<unknown>((resolve, reject) => {
    xhr.open('POST', `${STORE_API}/developer/blocklets/upload`);
    xhr.setRequestHeader('content-type', 'application/gzip');
    xhr.setRequestHeader('accept', 'application/json');
    if (changelog.trim()) xhr.setRequestHeader('x-blocklet-changelog', encodeURIComponent(changelog.trim()));
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText) as unknown;
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(json);
      else reject(callErrorOf(xhr.status, json));
    };
    xhr.onerror = () => reject(callErrorOf(0, null));
    xhr.onabort = () => reject(callErrorOf(0, null));
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}

/** The message to show for a failed call. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export type { ApiCallError };
