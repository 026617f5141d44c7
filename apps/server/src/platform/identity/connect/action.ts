import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** Where a hook runs: the wallet's answer (onAuth) or the creating browser's poll (onComplete). */
export interface ConnectHookContext {
  request: FastifyRequest;
  token: string;
  /** The wallet's DID address (`z1…`). */
  userDid: string;
  /** The wallet's public key (base58). */
  userPk: string;
  /** The action's own parameters, as validated when the browser created the token. */
  params: Record<string, unknown>;
  locale: 'en' | 'zh';
  /**
   * The wallet's step: 0 while it chooses an account (authPrincipal), then 1 for the first step the
   * action asked for, 2 for the second... An action with several steps reads it to know which one
   * the wallet answered (and its claims are asked for again at every step).
   */
  step: number;
}

export interface AuthContext extends ConnectHookContext {
  /** The wallet's answers to the claims of the last step. */
  claims: unknown[];
}

export interface CompleteContext extends ConnectHookContext {
  reply: FastifyReply;
}

/** Input to a claim factory: who answers (after the principal step) and the flow's parameters. */
export interface ClaimFactoryInput {
  userDid: string;
  userPk: string;
  extraParams: Record<string, unknown>;
}
export type ClaimValue = Record<string, unknown>;
export type ClaimFactory = (input: ClaimFactoryInput) => ClaimValue | Promise<ClaimValue>;
/** One step's claims by type (`profile`, `signature`, `prepareTx`, …), as did-connect-js defines them. */
export type ClaimSet = Record<string, ClaimValue | ClaimFactory>;

/**
 * One DID Connect action, served under `/api/did/{name}/…`. Login is one; payment registers its own
 * (e.g. `checkout` asking for a transaction signature or a delegation) with the same machinery:
 * storage, browser binding, replay and signature checks, and the test wallet.
 */
export interface ConnectAction {
  name: string;
  /** Parameters the browser passes when it creates the token (query or JSON body); unknown keys are dropped. */
  params?: z.ZodObject;
  /** Claims asked after the wallet has chosen an account (the authPrincipal step). */
  claims?: ClaimSet | ClaimSet[];
  /** Claims that depend on who the user is, decided once the principal is known. */
  onConnect?(ctx: ConnectHookContext): Promise<ClaimSet | ClaimSet[] | undefined>;
  /**
   * The wallet answered the last step. Throw a `ConnectRefusal` to refuse with a message the wallet
   * shows; what it returns goes back to the wallet as `response`.
   */
  onAuth(ctx: AuthContext): Promise<Record<string, unknown> | undefined>;
  /** The browser that created the token saw the success: runs once per token (e.g. sets the session cookie). */
  onComplete?(ctx: CompleteContext): Promise<void>;
}

/** A refusal whose message is meant for the user (shown by the wallet and the dialog). */
export class ConnectRefusal extends Error {}
