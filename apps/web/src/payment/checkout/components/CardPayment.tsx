// The card provider's element (SPEC section 4, stripePaying): Stripe's Payment Element through
// @stripe/react-stripe-js. A live page loads https://js.stripe.com/v3; a test-mode target names the
// local Stripe.js stand-in, loaded first. Every failure ends in a message and a way to try again, never
// a spinner that hangs: loading the script, a declined card, failed 3-D Secure, a lost connection.
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';
import type { StripePaymentTarget } from '@payshelf/api';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js only when asked, so test mode's stand-in is on the page first.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatError } from '../logic/errorText';

/** Test mode's stand-in defines `window.Stripe`, which loadStripe then uses instead of Stripe's script. */
function loadScript(url: string): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error('card script'));
    };
    document.head.appendChild(script);
  });
}

async function stripeFor(target: StripePaymentTarget): Promise<Stripe> {
  if (target.js_url) await loadScript(target.js_url);
  const stripe = await loadStripe(target.publishable_key);
  if (!stripe) throw new Error('card script');
  return stripe;
}

interface CardFormProps {
  target: StripePaymentTarget;
  amount: string;
  onPaid: (txRef: string) => Promise<void>;
  onCancel: () => void;
}

function CardForm({ target, amount, onPaid, onCancel }: CardFormProps) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Paid at the provider but not yet posted (the post failed): trying again only posts.
  const [confirmed, setConfirmed] = useState(false);

  const pay = useCallback(async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      if (!confirmed) {
        const result = await stripe.confirmPayment({
          elements,
          redirect: 'if_required',
          confirmParams: { return_url: window.location.href },
        });
        if (result.error) {
          setError(t('payment.checkout.card.failed', { message: result.error.message ?? result.error.type }));
          return;
        }
        setConfirmed(true);
      }
      await onPaid(target.tx_ref);
    } catch (err) {
      setError(t('payment.checkout.card.failed', { message: formatError(err) }));
    } finally {
      setBusy(false);
    }
  }, [stripe, elements, confirmed, onPaid, target.tx_ref, t]);

  return (
    <>
      <DialogContent>
        <PaymentElement />
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="card-error">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('payment.checkout.card.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void pay()}
          disabled={busy || !stripe || !elements}
          data-testid="card-pay"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {busy
            ? t('payment.checkout.card.paying')
            : error
              ? t('payment.checkout.card.retry')
              : t('payment.checkout.card.pay', { amount })}
        </Button>
      </DialogActions>
    </>
  );
}

interface CardPaymentProps extends CardFormProps {
  locale: string;
}

/** The card dialog: loads Stripe.js (or says it could not, with a retry), then the card form. */
export function CardPayment({ target, amount, onPaid, onCancel, locale }: CardPaymentProps) {
  const { t } = useTranslation();
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    stripeFor(target).then(
      (loaded) => live && setStripe(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [target, attempt]);

  return (
    <Dialog open onClose={onCancel} aria-labelledby="card-payment-title" data-testid="card-dialog" fullWidth>
      <DialogTitle id="card-payment-title">{t('payment.checkout.card.title')}</DialogTitle>
      {stripe ? (
        <Elements
          stripe={stripe}
          options={{ clientSecret: target.client_secret, locale: locale.startsWith('zh') ? 'zh' : 'en' }}
        >
          <CardForm target={target} amount={amount} onPaid={onPaid} onCancel={onCancel} />
        </Elements>
      ) : (
        <>
          <DialogContent>
            {failed ? (
              <Alert severity="error" role="alert">
                {t('payment.checkout.card.loadFailed')}
              </Alert>
            ) : (
              <CircularProgress aria-label={t('payment.checkout.card.loading')} />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>{t('payment.checkout.card.cancel')}</Button>
            {failed ? (
              <Button
                variant="contained"
                onClick={() => {
                  setFailed(false);
                  setAttempt((n) => n + 1);
                }}
              >
                {t('payment.checkout.card.retry')}
              </Button>
            ) : null}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
