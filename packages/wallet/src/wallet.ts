import * as Jwt from '@arcblock/jwt';
import { toAddress, toBase58 } from '@ocap/util';
import type { WalletObject } from '@ocap/wallet';
import type { z } from 'zod';
import { defaultAnswerers, type ClaimAnswer, type ClaimAnswerer } from './claims.js';
import { authUrlFromDeepLink, sameOrigin } from './deeplink.js';
import type { WalletProfile } from './keyfile.js';
import {
  claimRequest,
  finalResponse,
  signedEnvelope,
  type ClaimRequest,
  type FinalResponse,
  type RequestedClaim,
} from './messages.js';

/** The part of `fetch` the wallet uses, so a server can hand it an in-process transport. */
export type Transport = (
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; json(): Promise<unknown> }>;

export interface WalletOptions {
  profile?: WalletProfile;
  transport?: Transport;
  /** Extra or replacement claim answerers by claim type (e.g. `prepareTx` for payments). */
  answerers?: Record<string, ClaimAnswerer>;
  /** Sent as User-Agent; the app uses it only to pick protocol features. */
  userAgent?: string;
  /** Upper bound on request/answer rounds, against an app that never finishes. */
  maxSteps?: number;
  /**
   * Decides each round of an `approve` run (default: approve all), as a user who approves the first
   * request and declines a later one (e.g. a payment, then not the allowance) would.
   */
  decide?: (claims: RequestedClaim[], round: number) => Decision;
}

export interface ApproveResult {
  /** The wallet's DID address (`z1…`). */
  did: string;
  /** The app's DID address, taken from the key it signed with. */
  appDid: string;
  appName: string;
  /** Claim types answered, in order, one entry per round. */
  steps: string[][];
  successMessage: string;
  response: unknown;
}

/** The app answered with a signed error (expired token, forbidden, declined, ...). */
export class DidConnectError extends Error {
  constructor(
    message: string,
    readonly final?: FinalResponse,
  ) {
    super(message);
    this.name = 'DidConnectError';
  }
}

export type Decision = 'approve' | 'decline';
type Message =
  | { kind: 'request'; appPk: string; request: ClaimRequest }
  | { kind: 'final'; appPk: string; final: FinalResponse };

function appName(info: unknown): string {
  if (typeof info !== 'object' || info === null || !('name' in info)) return '';
  return typeof info.name === 'string' ? info.name : '';
}

/**
 * A DID wallet without a screen: given a deep link, it fetches the app's request, checks the app's
 * signature, answers each round of claims with its key, and posts the signed answers, as a phone
 * wallet does.
 */
export class HeadlessWallet {
  private readonly transport: Transport;
  private readonly answerers: Record<string, ClaimAnswerer>;

  constructor(
    readonly wallet: WalletObject,
    private readonly options: WalletOptions = {},
  ) {
    this.transport = options.transport ?? ((url, init) => fetch(url, init));
    this.answerers = { ...defaultAnswerers, ...options.answerers };
  }

  get did(): string {
    return this.wallet.address;
  }

  approve(deepLink: string): Promise<ApproveResult> {
    return this.run(deepLink, 'approve');
  }

  /** Tells the app the user said no; resolves when the app acknowledged it. */
  async decline(deepLink: string): Promise<void> {
    await this.run(deepLink, 'decline');
  }

  /** Fetches and verifies the first request without answering it (the "scanned" state). */
  async scan(deepLink: string): Promise<ClaimRequest> {
    const authUrl = authUrlFromDeepLink(deepLink);
    const first = await this.call(authUrl, authUrl, 'GET');
    if (first.kind === 'request') return first.request;
    throw new DidConnectError(first.final.errorMessage || 'The app did not ask for anything', first.final);
  }

  /** Signs a DID Connect answer JWT; exposed so tests can craft replayed or tampered answers. */
  signAnswer(payload: Record<string, unknown>): Promise<string> {
    return Jwt.sign(this.wallet.address, this.wallet.secretKey, payload, true, '1.1.0');
  }

  get publicKey(): string {
    return toBase58(this.wallet.publicKey);
  }

  private async run(deepLink: string, decision: Decision): Promise<ApproveResult> {
    const authUrl = authUrlFromDeepLink(deepLink);
    const maxSteps = this.options.maxSteps ?? 10;
    const steps: string[][] = [];
    let appPk: string | null = null;
    let message = await this.call(authUrl, authUrl, 'GET');
    for (;;) {
      if (appPk !== null && message.appPk !== appPk)
        throw new DidConnectError('The app changed its key mid-flow');
      appPk = message.appPk;
      if (message.kind === 'final') {
        const final = message.final;
        if (final.status === 'error')
          throw new DidConnectError(final.errorMessage || 'The app refused', final);
        return {
          did: this.did,
          appDid: toAddress(final.iss),
          appName: appName(final.appInfo),
          steps,
          successMessage: final.successMessage,
          response: final.response,
        };
      }
      const payload = message.request;
      if (steps.length >= maxSteps)
        throw new DidConnectError(`The app asked for more than ${maxSteps} rounds`);
      steps.push(payload.requestedClaims.map((c) => c.type));
      const round =
        decision === 'decline'
          ? 'decline'
          : (this.options.decide?.(payload.requestedClaims, steps.length - 1) ?? 'approve');
      const next = new URL(payload.url, authUrl);
      if (!sameOrigin(next, authUrl))
        throw new DidConnectError(`The app asked to post to another origin: ${next.origin}`);
      const answer =
        round === 'decline'
          ? { action: 'declineAuth', challenge: payload.challenge, requestedClaims: [] }
          : {
              action: 'responseAuth',
              challenge: payload.challenge,
              requestedClaims: await this.answer(payload.requestedClaims, authUrl),
            };
      const userInfo = await this.signAnswer(answer);
      message = await this.call(next, authUrl, 'POST', { userPk: this.publicKey, userInfo });
    }
  }

  private async answer(claims: RequestedClaim[], appUrl: URL): Promise<ClaimAnswer[]> {
    const ctx = { wallet: this.wallet, profile: this.options.profile ?? {}, appUrl };
    const answers: ClaimAnswer[] = [];
    for (const claim of claims) {
      const answerer = this.answerers[claim.type];
      if (!answerer) throw new DidConnectError(`This wallet cannot answer a ${claim.type} claim`);
      answers.push(await answerer(claim, ctx));
    }
    return answers;
  }

  /** One HTTP round: the answer must be an envelope whose JWT verifies against the key it names. */
  private async call(
    url: URL,
    origin: URL,
    method: 'GET' | 'POST',
    body?: Record<string, unknown>,
  ): Promise<Message> {
    if (!sameOrigin(url, origin)) throw new DidConnectError('Refusing to contact another origin');
    const res = await this.transport(url.toString(), {
      method,
      headers: {
        accept: 'application/json',
        'user-agent': this.options.userAgent ?? 'PayshelfHeadlessWallet/0.1',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const raw = await res.json().catch(() => null);
    const envelope = signedEnvelope.safeParse(raw);
    if (!envelope.success) throw new DidConnectError(`Unexpected answer from the app (HTTP ${res.status})`);
    const { appPk, authInfo } = envelope.data;
    if (!(await Jwt.verify(authInfo, appPk))) throw new DidConnectError('The app signature does not verify');
    const decoded: unknown = Jwt.decode(authInfo, true);
    const request = claimRequest.safeParse(decoded);
    if (request.success) return { kind: 'request', appPk, request: request.data };
    return { kind: 'final', appPk, final: parseOrThrow(finalResponse, decoded) };
  }
}

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new DidConnectError('The app sent a message this wallet does not understand');
  return parsed.data;
}
