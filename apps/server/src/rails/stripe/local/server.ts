// A Stripe-compatible API server for test mode without the internet: the `stripe` SDK reaches it through
// its host/port/protocol options, the Stripe.js stand-in through its /local routes. Secret keys must be
// test keys (`sk_test_…`, or exactly `secretKey` when set); live keys are refused as Stripe refuses
// unknown keys. POSTs with an Idempotency-Key answer the first result again.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseForm, str, type FormObject } from './form.js';
import { LocalIntents } from './intents.js';
import { LocalStripeError, newId, toJson, type StripeErrorBody } from './objects.js';
import { threeDsPage } from './pages.js';
import { apiRoutes, type KeyKind, type Route } from './routes.js';
import { LocalStripeStore } from './store.js';
import { stripeJsStandIn } from './stripe-js.js';
import { WebhookSender } from './webhooks.js';

export interface LocalStripeOptions {
  port?: number;
  /** Accept only this secret key (else any `sk_test_…`). */
  secretKey?: string;
  /** Endpoints to send events to from the start, each with its signing secret. */
  webhooks?: Array<{ url: string; secret: string }>;
  webhookRetries?: number;
  webhookRetryDelayMs?: number;
}

interface Answer {
  status: number;
  body: string;
}

export class LocalStripe {
  readonly store = new LocalStripeStore();
  readonly webhooks: WebhookSender;
  readonly intents: LocalIntents;
  private readonly routes: Route[];
  private readonly idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  private server: Server | null = null;
  /** Requests to /v1 still to be dropped without an answer (a network error toward Stripe). */
  dropNext = 0;
  /** When set, only requests starting with it (`POST /v1/payment_intents`) are dropped. */
  dropOnly: string | null = null;

  constructor(private readonly options: LocalStripeOptions = {}) {
    this.webhooks = new WebhookSender(options.webhookRetries ?? 3, options.webhookRetryDelayMs ?? 500);
    for (const hook of options.webhooks ?? []) this.webhooks.add(hook.url, ['*'], hook.secret);
    this.intents = new LocalIntents(this.store, () => this.url);
    this.store.onEvent = (event) => this.webhooks.send(event);
    this.routes = apiRoutes(this.store, this.intents, this.webhooks);
  }

  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? 0;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private keyKind(req: IncomingMessage): KeyKind | null {
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (key.startsWith('pk_test_')) return 'publishable';
    if (this.options.secretKey ? key === this.options.secretKey : /^(sk|rk)_test_/.test(key)) return 'secret';
    return null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const bodyText = Buffer.concat(chunks).toString('utf8');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader(
      'access-control-allow-headers',
      'authorization, content-type, stripe-version, idempotency-key',
    );
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const line = `${req.method ?? 'GET'} ${url.pathname}`;
    if (
      url.pathname.startsWith('/v1/') &&
      this.dropNext > 0 &&
      (!this.dropOnly || line.startsWith(this.dropOnly))
    ) {
      this.dropNext -= 1;
      return void req.socket.destroy();
    }
    const answer =
      url.pathname.startsWith('/local/') || url.pathname === '/js/v3'
        ? this.local(req.method ?? 'GET', url, bodyText)
        : this.api(req, url, bodyText);
    const requestId = newId('req');
    res.writeHead(answer.status, {
      'content-type': answer.body.startsWith('<')
        ? 'text/html; charset=utf-8'
        : answer.body.startsWith('{')
          ? 'application/json'
          : 'text/javascript',
      'request-id': requestId,
      'stripe-version': req.headers['stripe-version'] ?? '',
    });
    res.end(answer.body);
  }

  private api(req: IncomingMessage, url: URL, bodyText: string): Answer {
    const method = req.method ?? 'GET';
    const key = this.keyKind(req);
    if (!key) {
      return error(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided. The local Stripe accepts test keys only (sk_test_… / pk_test_…).',
      });
    }
    const idempotencyKey =
      method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
    const cacheKey = idempotencyKey ? `${req.headers.authorization} ${idempotencyKey}` : null;
    const fingerprint = `${method} ${url.pathname} ${bodyText}`;
    if (cacheKey) {
      const seen = this.idempotent.get(cacheKey);
      if (seen && seen.fingerprint !== fingerprint) {
        return error(400, {
          type: 'idempotency_error',
          message:
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        });
      }
      if (seen) return seen.answer;
    }
    const answer = this.route(
      method,
      url,
      method === 'GET' ? url.search.slice(1) : bodyText,
      key,
      idempotencyKey,
    );
    if (cacheKey && answer.status < 500) this.idempotent.set(cacheKey, { fingerprint, answer });
    return answer;
  }

  private route(
    method: string,
    url: URL,
    formText: string,
    key: KeyKind,
    idempotencyKey: string | null,
  ): Answer {
    for (const route of this.routes) {
      const match = route.method === method ? route.path.exec(url.pathname) : null;
      if (!match) continue;
      if (key === 'publishable' && !route.publishable) {
        return error(401, {
          type: 'invalid_request_error',
          message: 'This API call cannot be made with a publishable API key.',
        });
      }
      const form: FormObject = parseForm(formText);
      try {
        const result = route.handle({
          params: match.slice(1),
          form,
          key,
          request: { id: newId('req'), idempotencyKey },
        });
        return { status: 200, body: toJson(result) };
      } catch (err) {
        if (err instanceof LocalStripeError) return error(err.status, err.body);
        return error(500, { type: 'api_error', message: err instanceof Error ? err.message : String(err) });
      }
    }
    return error(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${url.pathname}).`,
    });
  }

  /** Test-only routes: the Stripe.js stand-in, the 3-D Secure page, event resend and health. */
  private local(method: string, url: URL, bodyText: string): Answer {
    if (url.pathname === '/js/v3' || url.pathname === '/local/stripe.js') {
      return { status: 200, body: stripeJsStandIn(this.url) };
    }
    if (url.pathname === '/local/health') return { status: 200, body: toJson({ ok: true }) };
    const threeDs = /^\/local\/3ds\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (threeDs) return this.threeDs(method, threeDs[1] ?? '', url, parseForm(bodyText));
    const resend = /^\/local\/events\/([A-Za-z0-9_]+)\/resend$/.exec(url.pathname);
    if (resend && method === 'POST') {
      try {
        const event = this.store.event(resend[1] ?? '');
        this.webhooks.send(event);
        return { status: 200, body: toJson(event) };
      } catch (err) {
        if (err instanceof LocalStripeError) return error(err.status, err.body);
        throw err;
      }
    }
    return error(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${url.pathname}).`,
    });
  }

  private threeDs(method: string, id: string, url: URL, form: FormObject): Answer {
    try {
      const intent = id.startsWith('seti_') ? this.intents.setupIntent(id) : this.intents.paymentIntent(id);
      const secret = method === 'POST' ? str(form, 'client_secret') : url.searchParams.get('client_secret');
      if (secret !== intent.client_secret)
        return error(403, { type: 'invalid_request_error', message: 'Wrong client secret.' });
      if (method === 'GET') return { status: 200, body: threeDsPage(intent) };
      const result = this.intents.authenticate(id, str(form, 'result') === 'approve');
      return { status: 200, body: toJson(result) };
    } catch (err) {
      if (err instanceof LocalStripeError) return error(err.status, err.body);
      throw err;
    }
  }
}

function error(status: number, body: StripeErrorBody): Answer {
  return { status, body: toJson({ error: body }) };
}
