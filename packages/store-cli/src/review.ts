// `request-review` and `cancel-review`: ask the store to review an uploaded version, or withdraw it.
import { reviewAction } from './endpoints.js';
import { CliError } from './errors.js';
import { apiError, explainFailure, request } from './http.js';

export interface ReviewResult {
  did: string;
  version: string;
  /** The version's status after the action (`pending_review` after a request, `cancelled` after a cancel). */
  status: string;
}

export async function review(
  store: string,
  token: string,
  did: string,
  version: string,
  action: 'request' | 'cancel',
): Promise<ReviewResult> {
  const answer = await request(store, reviewAction(did, action), { method: 'PUT', token, body: { version } });
  if (answer.status !== 200) {
    // The store's own message says why (no such version, not in a state to review); a bad token is
    // explained with where to get a new one.
    const { code, message } = apiError(answer);
    if (answer.status === 401 || !message) throw explainFailure(store, answer);
    throw new CliError(`${message}${code ? ` (${code})` : ''}`);
  }
  const body = (answer.json ?? {}) as { versions?: { version?: unknown; status?: unknown }[] };
  const found = (body.versions ?? []).find((v) => v.version === version);
  return { did, version, status: typeof found?.status === 'string' ? found.status : 'unknown' };
}

export function formatReview(r: ReviewResult): string {
  return `${r.did} ${r.version}: ${r.status}`;
}
