// The 3-D Secure page of the local Stripe: the bank's challenge a test card asks for, with an approve
// and a fail button. It answers the Stripe.js stand-in that framed it with a postMessage.
import type { PaymentIntent, SetupIntent } from './objects.js';

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function threeDsPage(intent: PaymentIntent | SetupIntent): string {
  const amount =
    intent.object === 'payment_intent'
      ? `${intent.amount} ${intent.currency.toUpperCase()} (smallest unit)`
      : 'saving the card';
  const data = escape(JSON.stringify({ id: intent.id, secret: intent.client_secret }));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>3-D Secure test page</title>
<style>body{font:16px system-ui,sans-serif;margin:24px;color:#111}button{font:inherit;padding:8px 16px;margin-right:8px;border-radius:6px;border:1px solid #333;background:#fff;color:#111}button.approve{background:#14532d;color:#fff}</style>
</head><body data-intent="${data}">
<main>
<h1>3-D Secure 2 test payment page</h1>
<p>Local Stripe test mode: ${escape(amount)}. Choose how the bank answers.</p>
<button type="button" class="approve" data-result="approve">Complete authentication</button>
<button type="button" data-result="fail">Fail authentication</button>
<p role="status" id="status"></p>
</main>
<script>
(function () {
  var info = JSON.parse(document.body.getAttribute('data-intent'));
  var buttons = document.querySelectorAll('button[data-result]');
  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      buttons.forEach(function (b) { b.disabled = true; });
      var body = new URLSearchParams({ result: button.getAttribute('data-result'), client_secret: info.secret });
      fetch(location.pathname, { method: 'POST', body: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
        .then(function (r) { return r.json(); })
        .then(function (intent) {
          document.getElementById('status').textContent = 'Done: ' + (intent.status || 'error');
          (window.opener || window.parent).postMessage({ type: 'local-stripe-3ds', id: info.id }, '*');
        });
    });
  });
})();
</script>
</body></html>`;
}
