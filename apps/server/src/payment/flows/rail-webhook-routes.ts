// Flow: a payment provider's webhook (a card provider's `payment_intent.succeeded`). The rail checks the
// signature over the exact body and remembers each event id once; a payment it reports is accepted as
// if the paying page had posted it (flows/find-unposted.ts `acceptFound`): the same verification against
// the intent's frozen terms, so a webhook that arrives before the browser returns completes the
// checkout, and the page's later post answers it as paid. A replayed event does nothing again.
import { railWebhookRoutes } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/http/errors.js';
import { getIntent, readRailEvent } from '../intents/index.js';
import type { PaymentContext } from '../shared/context.js';
import { serve } from '../shared/route.js';
import { acceptFound } from './find-unposted.js';

const header = (value: string | string[] | undefined): string | null =>
  (Array.isArray(value) ? value[0] : value) ?? null;

export function railWebhookRoutesOf(app: FastifyInstance, ctx: PaymentContext): void {
  void app.register(async (scope) => {
    // The signature covers the bytes as sent: the body is kept as text, never parsed and re-written.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, typeof body === 'string' ? body : body.toString('utf8'));
    });
    serve(scope, ctx, railWebhookRoutes.receive, async ({ params, body, request }) => {
      const signature = header(request.headers['stripe-signature']);
      const outcome = await readRailEvent(ctx, params.method_id, body, signature);
      if (!outcome) throw ApiError.missing('payment_method_missing', params.method_id, 'method_id');
      if (outcome.status === 'refused') {
        throw ApiError.of(
          'rail_webhook_signature',
          { detail: outcome.detail },
          { param: 'stripe-signature' },
        );
      }
      if (outcome.status === 'paid') {
        const intent = await getIntent(ctx.db, outcome.reference);
        if (intent && intent.status !== 'succeeded') {
          try {
            await acceptFound(ctx, intent, outcome.txRef);
          } catch (err) {
            // Refused as a post would be (another payment's, changed checkout): logged; the event is answered.
            const detail =
              err instanceof ApiError ? err.code : err instanceof Error ? err.message : String(err);
            ctx.services.log.info(
              { reference: outcome.reference, detail },
              'provider webhook payment not accepted',
            );
          }
        }
      }
      return { received: true as const, duplicate: outcome.status === 'duplicate' };
    });
  });
}
