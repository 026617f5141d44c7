// A payment link opened again in the same browser continues the visitor's open checkout session of that
// link (same cart, same amounts) instead of starting another one, until it completes or expires.
import type { CheckoutView } from './api';

const PREFIX = 'payshelf.checkout.link.';

interface LinkApi {
  start(link: string): Promise<CheckoutView>;
  retrieve(id: string): Promise<CheckoutView>;
}

function read(storage: Storage | undefined, link: string): string | null {
  try {
    return storage?.getItem(PREFIX + link) ?? null;
  } catch {
    return null;
  }
}

function write(storage: Storage | undefined, link: string, id: string | null) {
  try {
    if (id === null) storage?.removeItem(PREFIX + link);
    else storage?.setItem(PREFIX + link, id);
  } catch {
    // Storage refused (private mode, quota): the link simply starts a new session next time.
  }
}

/** Whether the remembered session can still be paid: open, of this link, not past its expiry. */
function resumable(view: CheckoutView, link: string, nowSeconds: number): boolean {
  const session = view.checkoutSession;
  return session.status === 'open' && session.payment_link_id === link && session.expires_at > nowSeconds;
}

/** The link's open session remembered by this browser, else a newly started one (then remembered). */
export async function startOrResume(
  api: LinkApi,
  link: string,
  storage: Storage | undefined,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): Promise<CheckoutView> {
  const remembered = read(storage, link);
  if (remembered) {
    const view = await api.retrieve(remembered).catch(() => null);
    if (view && resumable(view, link, nowSeconds)) return view;
    write(storage, link, null);
  }
  const view = await api.start(link);
  write(storage, link, view.checkoutSession.id);
  return view;
}
