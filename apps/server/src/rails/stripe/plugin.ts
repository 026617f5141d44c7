// The card rail as a plugin: one StripeRail per method settings, the watch of a card payment posted
// while in flight, the provider's webhooks, and in test mode the local Stripe with the demo card method.
// Serves `stripe` payment methods.
import type {
  DemoMethod,
  PageOrigins,
  RailEventOutcome,
  RailEventRequest,
  RailMethod,
  RailPlugin,
  RailPluginHost,
  WatchRequest,
} from '../plugin.js';
import type { DbLike } from '../types.js';
import { demoCardMethod, startDemoStripe, type DemoStripe } from './demo.js';
import { StripeRail } from './rail.js';
import { keysProblem } from './check.js';
import { sealStripeSettings } from './secrets.js';
import { stripeSettingsFromMethod } from './settings.js';
import { defineStripeWatcher, enqueueStripeWatch, STRIPE_CONFIRM_TASK } from './watcher.js';
import { readStripeEvent } from './webhook.js';

export class StripeRailPlugin implements RailPlugin {
  readonly kind = 'stripe' as const;
  readonly methodTypes = ['stripe'] as const;
  readonly watchTask = STRIPE_CONFIRM_TASK;
  private readonly rails = new Map<string, StripeRail>();
  /** The local Stripe of test mode, when this process started one. */
  demo: DemoStripe | null = null;

  constructor(private readonly host: RailPluginHost) {
    defineStripeWatcher(host.jobs, host, (method) => this.forMethod(method));
  }

  forMethod(method: RailMethod): StripeRail {
    const settings = stripeSettingsFromMethod(method, this.host.secrets);
    // A method on this process's local Stripe gets its events as webhooks, as from Stripe.
    this.demo?.hook(method.id, settings.apiBase, settings.webhookSecret);
    const key = JSON.stringify(settings);
    let rail = this.rails.get(key);
    if (!rail) {
      rail = new StripeRail(settings, this.host.db);
      this.rails.set(key, rail);
    }
    return rail;
  }

  /** The secret key and webhook signing secret sealed, bound to the method's id. */
  sealSettings(method: RailMethod): Record<string, unknown> {
    const box = this.host.secrets;
    return box ? sealStripeSettings(box, method.id, method.settings) : method.settings;
  }

  async watch(request: WatchRequest, db: DbLike): Promise<void> {
    await enqueueStripeWatch(db, request);
  }

  /** The keys' modes, then the secret key tried on the API (a list of one customer). */
  async checkMethod(method: RailMethod): Promise<string | null> {
    let rail: StripeRail;
    try {
      rail = this.forMethod(method);
    } catch (err) {
      return err instanceof Error ? err.message.replace(/^card method [^:]*: /, '') : String(err);
    }
    return keysProblem(rail);
  }

  /** Test mode with demo data: the local Stripe (in memory; the demo's local networks run beside it). */
  async startDemo(): Promise<null> {
    this.demo = await startDemoStripe(this.host.config, this.host.log);
    return null;
  }

  demoMethod(): DemoMethod | null {
    return this.demo ? demoCardMethod(this.demo.local) : null;
  }

  /**
   * Stripe.js, its API and its frames (3-D Secure, the Payment Element's fields); in test mode the local
   * Stripe serves its stand-in of all three.
   */
  pageOrigins(): PageOrigins {
    const local = this.demo ? [this.demo.local.url] : [];
    return {
      script: ['https://js.stripe.com', ...local],
      connect: ['https://api.stripe.com', ...local],
      frame: ['https://js.stripe.com', 'https://hooks.stripe.com', ...local],
    };
  }

  async stop(): Promise<void> {
    const demo = this.demo;
    this.demo = null;
    if (demo) await demo.stop();
  }

  webhook(method: RailMethod, request: RailEventRequest): Promise<RailEventOutcome> {
    return readStripeEvent(this.host.db, this.forMethod(method), request);
  }
}
