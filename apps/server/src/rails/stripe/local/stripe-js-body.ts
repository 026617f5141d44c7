// The body of the Stripe.js stand-in (plain browser JavaScript; BASE is the local Stripe's URL).
export const STRIPE_JS_BODY = String.raw`
var TEXT = {
  en: { number: 'Card number', expiry: 'Expiry (MM / YY)', cvc: 'CVC', postal: 'Postal code',
        incomplete: 'Your card details are incomplete.', network: 'Could not reach the card processor. Check your connection and try again.',
        auth: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        challenge: 'Bank authentication' },
  zh: { number: '卡号', expiry: '有效期 (MM / YY)', cvc: '安全码', postal: '邮政编码',
        incomplete: '银行卡信息不完整。', network: '无法连接支付处理方，请检查网络后重试。',
        auth: '无法验证您的支付方式，请换一张卡后重试。', challenge: '银行验证' }
};
function words(locale) { return TEXT[String(locale || 'en').slice(0, 2)] || TEXT.en; }
function encode(obj, prefix, out) {
  Object.keys(obj).forEach(function (k) {
    var v = obj[k]; var key = prefix ? prefix + '[' + k + ']' : k;
    if (v === undefined || v === null) return;
    if (typeof v === 'object') encode(v, key, out); else out.push(encodeURIComponent(key) + '=' + encodeURIComponent(String(v)));
  });
  return out;
}
function api(pk, method, path, params) {
  var body = encode(params || {}, '', []).join('&');
  var url = BASE + path + (method === 'GET' && body ? '?' + body : '');
  return fetch(url, { method: method, headers: { authorization: 'Bearer ' + pk, 'content-type': 'application/x-www-form-urlencoded' },
    body: method === 'GET' ? undefined : body })
    .then(function (r) { return r.json(); })
    .catch(function () { return { error: { type: 'api_connection_error', message: words(api.locale).network } }; });
}
function intentPath(secret) {
  var id = String(secret || '').split('_secret_')[0];
  return (id.indexOf('seti_') === 0 ? '/v1/setup_intents/' : '/v1/payment_intents/') + id;
}
function makeElement(elements, type, options) {
  var listeners = {}; var root = null; var fields = {};
  var el = {
    mount: function (target) {
      root = typeof target === 'string' ? document.querySelector(target) : target;
      var w = words(elements.locale);
      root.innerHTML = '';
      var box = document.createElement('div'); box.className = 'local-stripe-card'; box.setAttribute('data-testid', 'local-stripe-card');
      [['number', w.number, 'cc-number', 'numeric'], ['expiry', w.expiry, 'cc-exp', 'numeric'], ['cvc', w.cvc, 'cc-csc', 'numeric'], ['postal', w.postal, 'postal-code', 'text']]
        .forEach(function (f) {
          var id = 'local-stripe-' + f[0] + '-' + Math.random().toString(36).slice(2, 8);
          var label = document.createElement('label'); label.htmlFor = id; label.textContent = f[1]; label.style.display = 'block';
          var input = document.createElement('input'); input.id = id; input.name = f[0]; input.autocomplete = f[2]; input.inputMode = f[3];
          input.style.display = 'block'; input.style.marginBottom = '8px'; input.style.padding = '6px'; input.style.width = '100%';
          input.addEventListener('input', function () { emit('change', { elementType: type, complete: el._complete(), empty: false }); });
          box.appendChild(label); box.appendChild(input); fields[f[0]] = input;
        });
      root.appendChild(box);
      setTimeout(function () { emit('ready', { elementType: type }); }, 0);
    },
    on: function (name, fn) { (listeners[name] = listeners[name] || []).push(fn); return el; },
    off: function (name, fn) { listeners[name] = (listeners[name] || []).filter(function (x) { return x !== fn; }); return el; },
    once: function (name, fn) { return el.on(name, fn); },
    update: function () {}, focus: function () { if (fields.number) fields.number.focus(); }, blur: function () {}, clear: function () {},
    collapse: function () {},
    unmount: function () { if (root) root.innerHTML = ''; },
    destroy: function () { el.unmount(); elements._element = null; },
    _complete: function () { return ['number', 'expiry', 'cvc', 'postal'].every(function (k) { return fields[k] && fields[k].value.trim() !== ''; }); },
    _card: function () {
      var exp = (fields.expiry.value || '').split('/');
      return { number: fields.number.value.replace(/\s+/g, ''), exp_month: (exp[0] || '').trim(), exp_year: (exp[1] || '').trim(), cvc: fields.cvc.value,
        postal: fields.postal.value };
    }
  };
  function emit(name, event) { (listeners[name] || []).forEach(function (fn) { fn(event); }); }
  return el;
}
function challenge(url, locale) {
  return new Promise(function (resolve) {
    var dialog = document.createElement('dialog'); dialog.setAttribute('aria-label', words(locale).challenge);
    dialog.setAttribute('data-testid', 'local-stripe-3ds');
    dialog.style.width = '480px'; dialog.style.height = '380px'; dialog.style.padding = '0';
    var frame = document.createElement('iframe'); frame.src = url; frame.title = words(locale).challenge;
    frame.style.width = '100%'; frame.style.height = '100%'; frame.style.border = '0';
    dialog.appendChild(frame); document.body.appendChild(dialog);
    function done(e) {
      if (!e.data || e.data.type !== 'local-stripe-3ds') return;
      window.removeEventListener('message', done); dialog.close(); dialog.remove(); resolve();
    }
    window.addEventListener('message', done);
    if (dialog.showModal) dialog.showModal(); else dialog.setAttribute('open', '');
  });
}
function Stripe(pk, options) {
  var stripe = {};
  function finish(intent, key) {
    if (!intent || intent.error) return intent && intent.error ? { error: intent.error } : { error: { type: 'api_error', message: words(api.locale).network } };
    var last = intent.last_payment_error || intent.last_setup_error;
    if (intent.status === 'requires_payment_method' && last) {
      var e = { type: last.type, code: last.code, decline_code: last.decline_code, message: last.message }; e[key] = intent; return { error: e };
    }
    var ok = {}; ok[key] = intent; return ok;
  }
  function afterConfirm(result, secret, key, locale) {
    if (result.error) return { error: result.error };
    if (result.status === 'requires_action' && result.next_action && result.next_action.redirect_to_url) {
      return challenge(result.next_action.redirect_to_url.url, locale).then(function () {
        return api(pk, 'GET', intentPath(secret), { client_secret: secret });
      }).then(function (intent) { return finish(intent, key); });
    }
    return finish(result, key);
  }
  function confirm(args, key) {
    var elements = args.elements; var secret = args.clientSecret || (elements && elements._options.clientSecret);
    var locale = elements ? elements.locale : 'en'; api.locale = locale;
    var element = elements && elements._element;
    if (!element || !element._complete()) return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete', message: words(locale).incomplete } });
    var card = element._card(); var params = args.confirmParams || {};
    return api(pk, 'POST', '/v1/payment_methods', { type: 'card', card: { number: card.number, exp_month: card.exp_month, exp_year: card.exp_year, cvc: card.cvc },
      billing_details: { address: { postal_code: card.postal } } })
      .then(function (method) {
        if (method.error) return { error: method.error };
        return api(pk, 'POST', intentPath(secret) + '/confirm', { client_secret: secret, payment_method: method.id, return_url: params.return_url })
          .then(function (result) { return afterConfirm(result, secret, key, locale); });
      })
      .then(function (outcome) {
        var intent = outcome[key];
        if (intent && args.redirect !== 'if_required' && params.return_url && intent.status === 'succeeded') {
          window.location.assign(params.return_url + (params.return_url.indexOf('?') < 0 ? '?' : '&') + key + '=' + intent.id + '&redirect_status=succeeded');
        }
        return outcome;
      });
  }
  stripe.elements = function (opts) {
    var elements = { _options: opts || {}, _element: null, locale: (opts && opts.locale) || 'en' };
    elements.create = function (type, o) { elements._element = makeElement(elements, type, o || {}); return elements._element; };
    elements.getElement = function () { return elements._element; };
    elements.update = function (o) { Object.assign(elements._options, o || {}); if (o && o.locale) elements.locale = o.locale; };
    elements.submit = function () { return Promise.resolve(elements._element && elements._element._complete() ? {} : { error: { type: 'validation_error', message: words(elements.locale).incomplete } }); };
    elements.fetchUpdates = function () { return Promise.resolve({}); };
    return elements;
  };
  stripe.confirmPayment = function (args) { return confirm(args, 'paymentIntent'); };
  stripe.confirmSetup = function (args) { return confirm(args, 'setupIntent'); };
  stripe.handleNextAction = function (args) {
    var key = String(args.clientSecret).indexOf('seti_') === 0 ? 'setupIntent' : 'paymentIntent';
    return api(pk, 'GET', intentPath(args.clientSecret), { client_secret: args.clientSecret })
      .then(function (intent) { return afterConfirm(intent, args.clientSecret, key, api.locale); });
  };
  stripe.retrievePaymentIntent = function (secret) { return api(pk, 'GET', intentPath(secret), { client_secret: secret }).then(function (i) { return finish(i, 'paymentIntent'); }); };
  stripe.retrieveSetupIntent = function (secret) { return api(pk, 'GET', intentPath(secret), { client_secret: secret }).then(function (i) { return finish(i, 'setupIntent'); }); };
  stripe.createToken = function () { return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Tokens are not supported by the local Stripe.' } }); };
  stripe.createPaymentMethod = function () { return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Use confirmPayment with the local Stripe.' } }); };
  stripe.confirmCardPayment = function (secret) { return stripe.handleNextAction({ clientSecret: secret }); };
  stripe.registerAppInfo = function () {};
  stripe._registerWrapper = function () {};
  stripe._local = true;
  return stripe;
}
Stripe.version = 'endive';
window.Stripe = Stripe;
`;
