// The card rail as a plugin: one StripeRail per method settings, the watch of a card payment posted
// while in flight, and the provider's webhooks. Serves `stripe` payment methods.
import type {
  RailEventOutcome,
  RailEventRequest,
  RailMethod,
  RailPlugin,
  RailPluginHost,
  WatchRequest,
} from '../plugin.js';
import type { DbLike } from '../types.js';
import { StripeRail } from './rail.js';
import { keysProblem } from './check.js';
import { stripeSettingsFromMethod } from './settings.js';
import { defineStripeWatcher, enqueueStripeWatch, STRIPE_CONFIRM_TASK } from './watcher.js';
import { readStripeEvent } from './webhook.js';

export class StripeRailPlugin implements RailPlugin {
  readonly kind = 'stripe' as const;
  readonly methodTypes = ['stripe'] as const;
  readonly watchTask = STRIPE_CONFIRM_TASK;
  private readonly rails = new Map<string, StripeRail>();

  constructor(private readonly host: RailPluginHost) {
    defineStripeWatcher(host.jobs, host, (method) => this.forMethod(method));
  }

  forMethod(method: RailMethod): StripeRail {
    const settings = stripeSettingsFromMethod(method);
    const key = JSON.stringify(settings);
    let rail = this.rails.get(key);
    if (!rail) {
      rail = new StripeRail(settings, this.host.db);
      this.rails.set(key, rail);
    }
    return rail;
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

  webhook(method: RailMethod, request: RailEventRequest): Promise<RailEventOutcome> {
    return readStripeEvent(this.host.db, this.forMethod(method), request);
  }
}
