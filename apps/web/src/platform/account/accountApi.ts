import {
  platformIdentityRoutes as identity,
  platformAdminRoutes as admin,
  type AccountResponse,
  type DomainSettings,
  type SessionUser,
  type UpdateProfileBody,
} from '@payshelf/api';
import { platformCall } from '../api/platformCall';

export const ACCOUNT_QUERY_KEY = ['platform', 'account'] as const;
export const DOMAIN_QUERY_KEY = ['platform', 'domain'] as const;

export async function fetchAccount(signal?: AbortSignal): Promise<AccountResponse> {
  return platformCall(identity.account, {}, signal);
}

export async function updateProfile(body: UpdateProfileBody): Promise<SessionUser> {
  return platformCall(identity.profile, { body });
}

export async function signOutSession(id: string): Promise<void> {
  await platformCall(identity.endSession, { params: { id } });
}

export async function signOutOtherSessions(): Promise<number> {
  return (await platformCall(identity.endOthers, {})).revoked;
}

export async function fetchDomain(signal?: AbortSignal): Promise<DomainSettings> {
  return platformCall(admin.domain, {}, signal);
}

export async function saveDomain(publicUrl: string): Promise<DomainSettings> {
  return platformCall(admin.setDomain, { body: { publicUrl } });
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
