import { connectStatus, connectToken, errorBody, type ConnectStatus, type ConnectToken } from '@payshelf/api';
import type { Locale } from '../locale/locale';

const base = (action: string) => `/api/did/${encodeURIComponent(action)}`;

function headers(locale: Locale): Record<string, string> {
  return { accept: 'application/json', 'accept-language': locale === 'zh' ? 'zh-CN' : 'en-US' };
}

/** An answer in the one error shape, or an unreadable one. */
export class ConnectApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function failure(res: Response): Promise<ConnectApiError> {
  const parsed = errorBody.safeParse(await res.json().catch(() => null));
  if (parsed.success)
    return new ConnectApiError(res.status, parsed.data.error.code, parsed.data.error.message);
  return new ConnectApiError(res.status, 'http_error', `HTTP ${res.status}`);
}

/**
 * Creates the QR code's token; the answer also sets the cookie that binds it to this browser.
 * `params` are the action's own parameters (e.g. the connect-CLI session it approves).
 */
export async function createToken(
  action: string,
  locale: Locale,
  params: Readonly<Record<string, string>> = {},
): Promise<ConnectToken> {
  const res = await fetch(`${base(action)}/token`, {
    method: 'POST',
    headers: { ...headers(locale), 'content-type': 'application/json' },
    body: JSON.stringify({ ...params, locale }),
  });
  if (!res.ok) throw await failure(res);
  return connectToken.parse(await res.json());
}

export async function fetchStatus(action: string, token: string, locale: Locale): Promise<ConnectStatus> {
  const res = await fetch(`${base(action)}/status?_t_=${encodeURIComponent(token)}`, {
    headers: headers(locale),
  });
  if (!res.ok) throw await failure(res);
  return connectStatus.parse(await res.json());
}

/** Tells the server this browser gave up on the token (best effort). */
export function expireToken(action: string, token: string, locale: Locale): void {
  void fetch(`${base(action)}/timeout?_t_=${encodeURIComponent(token)}`, { headers: headers(locale) }).catch(
    () => undefined,
  );
}

export async function approveWithDevWallet(action: string, token: string, locale: Locale): Promise<void> {
  const res = await fetch(`${base(action)}/dev-approve`, {
    method: 'POST',
    headers: { ...headers(locale), 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!res.ok) throw await failure(res);
}
