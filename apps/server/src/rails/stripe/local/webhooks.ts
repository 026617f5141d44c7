// Webhook delivery as Stripe does it: the event's JSON POSTed to each endpoint with
// `Stripe-Signature: t=<unix time>,v1=<HMAC-SHA256 of "t.payload" under the endpoint's secret>`,
// retried with backoff until the endpoint answers 2xx (a few tries here; Stripe keeps trying for days).
import { createHmac, randomBytes } from 'node:crypto';
import { newId, now, toJson, type StripeEvent } from './objects.js';

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  secret: string;
  enabled_events: string[];
  status: 'enabled';
  livemode: false;
  created: number;
}

/** The signature header of `payload` signed at `timestamp` (seconds) with `secret`. */
export function signatureHeader(payload: string, secret: string, timestamp: number = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface Delivery {
  event: string;
  url: string;
  status: number | 'network_error';
  attempt: number;
}

export class WebhookSender {
  readonly endpoints = new Map<string, WebhookEndpoint>();
  /** Every delivery attempt, newest last (tests wait on these). */
  readonly deliveries: Delivery[] = [];
  /** While held, events queue up and are sent on `release()` (a webhook that arrives late). */
  private held: StripeEvent[] | null = null;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly retries: number,
    private readonly retryDelayMs: number,
  ) {}

  add(url: string, enabledEvents: string[] = ['*'], secret?: string): WebhookEndpoint {
    const endpoint: WebhookEndpoint = {
      id: newId('we'),
      object: 'webhook_endpoint',
      url,
      secret: secret ?? `whsec_${randomBytes(24).toString('base64url')}`,
      enabled_events: enabledEvents,
      status: 'enabled',
      livemode: false,
      created: now(),
    };
    this.endpoints.set(endpoint.id, endpoint);
    return endpoint;
  }

  hold(): void {
    this.held ??= [];
  }

  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) this.send(event);
  }

  /** Sends an event to every endpoint that listens for its type (in the background). */
  send(event: StripeEvent): void {
    if (this.held) {
      this.held.push(event);
      return;
    }
    for (const endpoint of this.endpoints.values()) {
      const wanted = endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(event.type);
      if (!wanted) continue;
      const delivery = this.deliver(endpoint, event).finally(() => this.pending.delete(delivery));
      this.pending.add(delivery);
    }
  }

  private async deliver(endpoint: WebhookEndpoint, event: StripeEvent): Promise<void> {
    const payload = toJson(event);
    for (let attempt = 1; attempt <= this.retries + 1; attempt++) {
      let status: number | 'network_error';
      try {
        const response = await fetch(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signatureHeader(payload, endpoint.secret),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 'network_error';
      }
      this.deliveries.push({ event: event.id, url: endpoint.url, status, attempt });
      if (typeof status === 'number' && status >= 200 && status < 300) return;
      await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs * 2 ** (attempt - 1)));
    }
  }

  /** Waits until every delivery started so far has finished (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
