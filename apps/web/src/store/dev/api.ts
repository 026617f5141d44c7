import {
  callErrorOf,
  callRoute,
  type AnswerOf,
  type CallableRoute,
  type ApiCallError,
  type CallInput,
} from '@payshelf/api';

/** The store API lives at the site root (the store's routes are mounted at `/`). */
export const STORE_API = '/api';

/**
 * One call of the store's route table (@payshelf/api) with the session cookie; the answer is parsed by
 * the entry's own schema. A failure throws `ApiCallError` with the server's message (in the user's
 * language), code and field.
 */
export function storeCall<E extends CallableRoute>(
  entry: E,
  input: CallInput<E>,
  signal?: AbortSignal,
): Promise<AnswerOf<E>> {
  return callRoute(entry, input, { base: STORE_API, signal });
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
