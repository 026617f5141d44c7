import {
  accountResponse,
  domainSettings,
  errorBody,
  sessionUser,
  type AccountResponse,
  type DomainSettings,
  type SessionUser,
  type UpdateProfileBody,
} from '@payshelf/api';

export const ACCOUNT_QUERY_KEY = ['platform', 'account'] as const;
export const DOMAIN_QUERY_KEY = ['platform', 'domain'] as const;

async function call(path: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(path, {
    ...init,
    headers: {
      accept: 'application/json',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = errorBody.safeParse(body);
    throw new Error(parsed.success ? parsed.data.error.message : `HTTP ${res.status}`);
  }
  return body;
}

export async function fetchAccount(signal?: AbortSignal): Promise<AccountResponse> {
  return accountResponse.parse(await call('/api/user/account', { signal }));
}

export async function updateProfile(body: UpdateProfileBody): Promise<SessionUser> {
  return sessionUser.parse(await call('/api/user/profile', { method: 'PUT', body: JSON.stringify(body) }));
}

export async function signOutSession(id: string): Promise<void> {
  await call(`/api/user/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function signOutOtherSessions(): Promise<number> {
  const body = (await call('/api/user/sessions/sign-out-others', { method: 'POST' })) as {
    revoked?: unknown;
  };
  return typeof body.revoked === 'number' ? body.revoked : 0;
}

export async function fetchDomain(signal?: AbortSignal): Promise<DomainSettings> {
  return domainSettings.parse(await call('/api/host/domain', { signal }));
}

export async function saveDomain(publicUrl: string): Promise<DomainSettings> {
  return domainSettings.parse(
    await call('/api/host/domain', { method: 'PUT', body: JSON.stringify({ publicUrl }) }),
  );
}

/** A short readable name for a browser from its user agent ("Chrome on Linux"). */
export function deviceName(userAgent: string): { browser: string; os: string } {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : /node|undici/i.test(userAgent)
            ? 'Script'
            : '';
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(userAgent)
      ? 'iOS'
      : /Mac OS X|Macintosh/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux|X11/.test(userAgent)
            ? 'Linux'
            : '';
  return { browser, os };
}
