import { WalletAuthenticator, WalletHandlers, type ConnectRequest } from '@arcblock/did-connect-js';
import type { WalletObject } from '@ocap/wallet';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type pg from 'pg';
import type { ClaimSet, ConnectAction, ConnectHookContext } from './action.js';
import { ConnectRefusal } from './action.js';
import { httpOf, type ConnectMiddleware } from './adapter.js';
import { contextOf } from './guards.js';
import { ourToken } from './fresh-token.js';
import { connectRoutes, type ConnectHandlers } from './routes.js';
import { LinkSigner } from './secrets.js';
import { PgTokenStorage } from './storage.js';

export const CONNECT_PREFIX = '/api/did';
/** How long a QR code stays valid: the browser gives up after the same time. */
export const TOKEN_TTL_SECONDS = 300;

export interface DidConnectOptions {
  pool: pg.Pool;
  log: Logger;
  appWallet: WalletObject;
  appName: string;
  appIcon: string;
  publicUrl: string | undefined;
  trustProxy: boolean;
  tokenRatePerMinute: number;
  /** Set on test installs with DEV_WALLET=1: approves through the protocol with a local key. */
  devWallet: { approve(deepLink: string): Promise<{ did: string }> } | null;
}

/** Signs deep links with `_s_` so only holders of the QR code can fetch the wallet request. */
class LinkSigningAuthenticator extends WalletAuthenticator {
  constructor(
    config: ConstructorParameters<typeof WalletAuthenticator>[0],
    private readonly links: LinkSigner,
  ) {
    super(config);
  }

  override uri(params: Parameters<WalletAuthenticator['uri']>[0] = {}): string {
    const token = ourToken(params.token ?? '');
    return super.uri({ ...params, token, query: { ...params.query, _s_: this.links.sign(token) } });
  }
}

interface LibraryHookInput {
  req: ConnectRequest;
  userDid: string;
  userPk: string;
  claims?: unknown[];
}

/**
 * The DID Connect service: one did-connect-js handler set per registered action, served by Fastify
 * through our adapter, with tokens in PostgreSQL. Actions can be registered until the server starts.
 */
export class DidConnect {
  readonly links: LinkSigner;
  readonly authenticator: LinkSigningAuthenticator;
  private readonly storages: PgTokenStorage[] = [];
  private readonly names = new Set<string>();

  constructor(
    private readonly scope: FastifyInstance,
    private readonly options: DidConnectOptions,
  ) {
    this.links = new LinkSigner(options.appWallet.secretKey);
    this.authenticator = new LinkSigningAuthenticator(
      {
        wallet: options.appWallet,
        baseUrl: options.publicUrl?.replace(/\/+$/, '') ?? '',
        appInfo: ({ baseUrl, extraParams }: { baseUrl: string; extraParams?: { locale?: string } }) => ({
          name: options.appName,
          description:
            extraParams?.locale === 'zh' ? `登录 ${options.appName}` : `Sign in to ${options.appName}`,
          icon: new URL(options.appIcon, `${baseUrl}/`).toString(),
          link: baseUrl,
        }),
      },
      this.links,
    );
  }

  register(action: ConnectAction): void {
    if (!/^[a-z][a-z0-9-]{0,39}$/.test(action.name))
      throw new Error(`bad DID Connect action name ${action.name}`);
    if (this.names.has(action.name)) throw new Error(`DID Connect action ${action.name} registered twice`);
    this.names.add(action.name);
    const storage = new PgTokenStorage(this.options.pool, action.name, TOKEN_TTL_SECONDS);
    this.storages.push(storage);
    const handlers = new WalletHandlers({
      tokenStorage: storage,
      authenticator: this.authenticator,
      options: { prefix: CONNECT_PREFIX },
    });
    // The handler set re-reads the whole record on every update only to re-emit it; nothing here
    // listens, and a failed read in that listener would be an unhandled rejection.
    storage.removeAllListeners('update');
    const recorded = new Map<string, ConnectMiddleware[]>();
    const recorder = {
      use: () => undefined,
      get: (path: string, ...fns: ConnectMiddleware[]) => recorded.set(`GET ${path}`, fns),
      post: (path: string, ...fns: ConnectMiddleware[]) => recorded.set(`POST ${path}`, fns),
    };
    const claims =
      action.claims === undefined
        ? undefined
        : Array.isArray(action.claims)
          ? action.claims
          : [action.claims];
    handlers.attach({
      app: recorder,
      action: action.name,
      claims,
      onConnect: (input: LibraryHookInput) => this.onConnect(action, input),
      onAuth: (input: LibraryHookInput) => this.onAuth(action, input),
      onComplete: (input: LibraryHookInput) => this.onComplete(action, storage, input),
      onError: ({ stage, err }: { stage: string; err: unknown }) =>
        this.options.log.warn({ err, stage, action: action.name }, 'DID Connect step failed'),
    });
    const base = `${CONNECT_PREFIX}/${action.name}`;
    const pick = (key: string): ConnectMiddleware[] => {
      const fns = recorded.get(key);
      if (!fns) throw new Error(`did-connect-js did not define ${key}`);
      return fns;
    };
    const [ensureContext, ensureSignedJson, onAuthRequest] = pick(`GET ${base}/auth`);
    const onAuthResponse = pick(`POST ${base}/auth`).at(-1);
    const [generateSession] = pick(`GET ${base}/token`);
    const checkSession = pick(`GET ${base}/status`).at(-1);
    const expireSession = pick(`GET ${base}/timeout`).at(-1);
    if (!ensureContext || !ensureSignedJson || !onAuthRequest || !onAuthResponse || !generateSession) {
      throw new Error('did-connect-js handler set is incomplete');
    }
    if (!checkSession || !expireSession) throw new Error('did-connect-js handler set is incomplete');
    const set: ConnectHandlers = {
      generateSession,
      checkSession,
      expireSession,
      onAuthRequest,
      onAuthResponse,
      ensureContext,
      ensureSignedJson,
    };
    connectRoutes(this.scope, {
      action,
      base,
      storage,
      handlers: set,
      links: this.links,
      authenticator: this.authenticator,
      trustProxy: this.options.trustProxy,
      publicUrl: this.options.publicUrl,
      tokenRatePerMinute: this.options.tokenRatePerMinute,
      devWallet: this.options.devWallet,
      log: this.options.log,
    });
  }

  close(): void {
    for (const s of this.storages) s.close();
  }

  private context(action: ConnectAction, input: LibraryHookInput): ConnectHookContext {
    const ctx = contextOf(input.req);
    if (!ctx) throw new Error('DID Connect hook without a token');
    const stored = ctx.store.extraParams;
    const raw = typeof stored === 'object' && stored !== null ? stored : {};
    const params = action.params ? action.params.parse(raw) : {};
    return {
      request: httpOf(input.req).request,
      token: ctx.token,
      userDid: input.userDid,
      userPk: input.userPk,
      params,
      locale: ctx.locale === 'zh' ? 'zh' : 'en',
      step: typeof ctx.store.currentStep === 'number' ? ctx.store.currentStep : 0,
    };
  }

  private async onConnect(action: ConnectAction, input: LibraryHookInput): Promise<ClaimSet[] | undefined> {
    const hook = action.onConnect?.bind(action);
    if (!hook) return undefined;
    const claims = await this.guard(action, () => hook(this.context(action, input)));
    return claims === undefined ? undefined : Array.isArray(claims) ? claims : [claims];
  }

  private async onAuth(action: ConnectAction, input: LibraryHookInput): Promise<Record<string, unknown>> {
    const result = await this.guard(action, () =>
      action.onAuth({ ...this.context(action, input), claims: input.claims ?? [] }),
    );
    return result ?? {};
  }

  /** Called by every poll that sees success; only the first one per token gets past `consume`. */
  private async onComplete(
    action: ConnectAction,
    storage: PgTokenStorage,
    input: LibraryHookInput,
  ): Promise<void> {
    const ctx = this.context(action, input);
    if (!(await storage.consume(ctx.token))) return;
    const hook = action.onComplete?.bind(action);
    if (hook) {
      const { reply } = httpOf(input.req);
      await this.guard(action, () => hook({ ...ctx, reply }));
    }
  }

  /** Lets user-meant refusals through to the wallet; anything else is logged and shown generically. */
  private async guard<T>(action: ConnectAction, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof ConnectRefusal) throw err;
      this.options.log.error({ err, action: action.name }, 'DID Connect hook failed');
      throw new Error('Something went wrong on our side');
    }
  }
}
