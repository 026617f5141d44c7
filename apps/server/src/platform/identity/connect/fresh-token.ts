import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/**
 * did-connect-js names a new session `sha3(Date.now())` cut to 8 hex characters: two browsers asking in
 * the same millisecond get the same name, and anyone who knows roughly when a person asked can compute
 * theirs. While the library creates a session, every place it passes that name through us (the token
 * store, the deep link, the answer) swaps it for 128 random bits, so the weak name never leaves the
 * request that made it.
 */
interface Naming {
  ours: string;
  library?: string;
}
const naming = new AsyncLocalStorage<Naming>();

/** A session token: 128 random bits as 32 hex characters. */
export function newSessionToken(): string {
  return randomBytes(16).toString('hex');
}

/** Runs the library's session creation with a fresh random token; returns that token with the result. */
export async function withFreshToken<T>(create: () => Promise<T>): Promise<{ token: string; result: T }> {
  const scope: Naming = { ours: newSessionToken() };
  const result = await naming.run(scope, create);
  return { token: scope.ours, result };
}

/** The token the library is creating right now, as we name it (the first one it creates in the scope). */
export function createdToken(library: string): string {
  const scope = naming.getStore();
  if (!scope) return library;
  if (scope.library === undefined) scope.library = library;
  return ourToken(library);
}

/** Our name for a token the library mentions: its weak name for the session being created maps to ours. */
export function ourToken(token: string): string {
  const scope = naming.getStore();
  return scope?.library !== undefined && token === scope.library ? scope.ours : token;
}
