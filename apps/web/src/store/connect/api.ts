import {
  connectSessionInfo,
  developerProfile,
  sessionResponse,
  type ConnectSessionInfo,
  type DeveloperProfile,
  type SessionUser,
} from '@payshelf/api';

/** Why a connect request cannot be approved (SPEC: invalid or expired session, connection failure). */
export type LoadFailure = 'invalid' | 'connection';

export class LoadError extends Error {
  constructor(readonly reason: LoadFailure | 'notFound') {
    super(reason);
  }
}

async function getJson(url: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' } });
  } catch {
    throw new LoadError('connection');
  }
  if (res.status === 404 || res.status === 410 || res.status === 400) throw new LoadError('notFound');
  if (!res.ok) throw new LoadError('connection');
  return res.json();
}

/** The connect session the page approves; an unknown, expired or malformed id is `invalid`. */
export async function fetchConnectSession(session: string): Promise<ConnectSessionInfo> {
  try {
    return connectSessionInfo.parse(
      await getJson(`/api/connect-cli/sessions/${encodeURIComponent(session)}/info`),
    );
  } catch (err) {
    if (err instanceof LoadError && err.reason === 'notFound') throw new LoadError('invalid');
    throw err instanceof LoadError ? err : new LoadError('connection');
  }
}

/** The signed-in user with passports (the header's session view has no passports). */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  return sessionResponse.parse(await getJson('/api/session')).user;
}

/** May publish: a developer passport, or the store's owner or an admin (they need no invitation). */
export const isDeveloper = (user: SessionUser | null) =>
  user !== null && user.passports.some((p) => ['developer', 'owner', 'admin'].includes(p.role));

export async function fetchDeveloperProfile(did: string): Promise<DeveloperProfile> {
  return developerProfile.parse(await getJson(`/api/developers/${encodeURIComponent(did)}`));
}

/** The ABT DID of an application's Ed25519 public key (raw, base64url); the store computes it. */
export async function didOfPublicKey(publicKey: string): Promise<string> {
  const res = await fetch('/api/gen-key-pair/did', {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ publicKey }),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as { did?: unknown };
  if (typeof body.did !== 'string') throw new Error('no DID in the answer');
  return body.did;
}
