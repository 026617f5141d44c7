import { useQuery } from '@tanstack/react-query';

/** SPEC.md section 3, Session: the fields the header uses. */
export interface HeaderUser {
  did: string;
  role: string;
  fullName: string;
  avatar: string | undefined;
}

export interface HeaderSession {
  initialized: boolean;
  user: HeaderUser | undefined;
}

export const SESSION_URL = '/api/session';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseSession(raw: unknown): HeaderSession {
  const value = isRecord(raw) ? raw : {};
  const user = isRecord(value.user) ? value.user : undefined;
  if (!user || typeof user.did !== 'string') return { initialized: true, user: undefined };
  return {
    initialized: true,
    user: {
      did: user.did,
      role: typeof user.role === 'string' && user.role !== '' ? user.role : 'guest',
      fullName: typeof user.fullName === 'string' && user.fullName !== '' ? user.fullName : user.did,
      avatar: typeof user.avatar === 'string' ? user.avatar : undefined,
    },
  };
}

async function fetchSession(signal: AbortSignal): Promise<HeaderSession> {
  const response = await fetch(SESSION_URL, { signal, headers: { accept: 'application/json' } });
  if (response.status === 401 || response.status === 404) return { initialized: true, user: undefined };
  if (!response.ok) throw new Error(`Loading ${SESSION_URL} failed with HTTP ${response.status}`);
  return parseSession(await response.json());
}

export const HEADER_SESSION_QUERY_KEY = ['platform', 'session'] as const;

/** The signed-in user as the header sees it (undefined while loading or signed out). */
export function useHeaderSession(): HeaderSession {
  const query = useQuery({
    queryKey: HEADER_SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 30_000,
    retry: false,
  });
  return query.data ?? { initialized: query.isError, user: undefined };
}

export function isAdminRole(role: string | undefined): boolean {
  return role === 'owner' || role === 'admin';
}
