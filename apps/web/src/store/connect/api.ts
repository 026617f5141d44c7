import {
  ApiCallError,
  callRoute,
  platformIdentityRoutes,
  storeConnectRoutes,
  storeDeveloperRoutes,
  type AnswerOf,
  type CallableRoute,
  type CallInput,
  type ConnectSessionInfo,
  type DeveloperProfile,
  type SessionUser,
} from '@payshelf/api';
import { STORE_API } from '../dev/api';

/** Why a connect request cannot be approved (SPEC: invalid or expired session, connection failure). */
export type LoadFailure = 'invalid' | 'connection';

export class LoadError extends Error {
  constructor(readonly reason: LoadFailure | 'notFound') {
    super(reason);
  }
}

/**
 * One read of the route table (`base`: the store's `/api`, or '' for the platform's absolute paths);
 * an unknown or gone object (400, 404, 410) is `notFound`, any other failure `connection`.
 */
async function read<E extends CallableRoute>(
  entry: E,
  input: CallInput<E>,
  base = STORE_API,
): Promise<AnswerOf<E>> {
  try {
    return await callRoute(entry, input, { base });
  } catch (err) {
    if (err instanceof ApiCallError && [400, 404, 410].includes(err.status)) throw new LoadError('notFound');
    throw new LoadError('connection');
  }
}

/** The connect session the page approves; an unknown, expired or malformed id is `invalid`. */
export async function fetchConnectSession(session: string): Promise<ConnectSessionInfo> {
  try {
    return await read(storeConnectRoutes.info, { params: { id: session } });
  } catch (err) {
    if (err instanceof LoadError && err.reason === 'notFound') throw new LoadError('invalid');
    throw err instanceof LoadError ? err : new LoadError('connection');
  }
}

/** The signed-in user with passports (the header's session view has no passports). */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  return (await read(platformIdentityRoutes.session, {}, '')).user;
}

/** May publish: a developer passport, or the store's owner or an admin (they need no invitation). */
export const isDeveloper = (user: SessionUser | null) =>
  user !== null && user.passports.some((p) => ['developer', 'owner', 'admin'].includes(p.role));

export async function fetchDeveloperProfile(did: string): Promise<DeveloperProfile> {
  return read(storeDeveloperRoutes.profile, { params: { did } });
}

/** The ABT DID of an application's Ed25519 public key (raw, base64url); the store computes it. */
export async function didOfPublicKey(publicKey: string): Promise<string> {
  return (await callRoute(storeDeveloperRoutes.keyDid, { body: { publicKey } }, { base: STORE_API })).did;
}
