import type { i18n } from 'i18next';
import type { RouteObject } from 'react-router';
import type { Locale } from '../locale/locale';

/** Translations of one area of the app, per locale, shaped as a part of the full message tree. */
export type MessageBundle = Record<Locale, Record<string, unknown>>;
type BundleLoader = () => Promise<MessageBundle>;

const loaded = new Map<BundleLoader, MessageBundle>();
let bound: i18n | undefined;

function add(instance: i18n, bundle: MessageBundle): void {
  for (const [locale, messages] of Object.entries(bundle)) {
    instance.addResourceBundle(locale, 'translation', messages, true, true);
  }
}

/** The app's i18next instance receives every bundle loaded before or after this call. */
export function bindLazyMessages(instance: i18n): void {
  bound = instance;
  for (const bundle of loaded.values()) add(instance, bundle);
}

/** Loads a bundle once and adds it to the bound instance. */
export async function loadMessages(loader: BundleLoader): Promise<void> {
  let bundle = loaded.get(loader);
  if (!bundle) {
    bundle = await loader();
    loaded.set(loader, bundle);
  }
  if (bound) add(bound, bundle);
}

/**
 * Makes every lazy route in `routes` (children included) wait for `loader`'s strings too, fetched in
 * parallel with the route's code: a page never renders with keys missing.
 */
export function withMessages(routes: RouteObject[], loader: BundleLoader): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const wrapped = { ...route } as RouteObject;
    if (typeof lazy === 'function') {
      wrapped.lazy = async () => (await Promise.all([lazy(), loadMessages(loader)]))[0];
    }
    if (children) wrapped.children = withMessages(children, loader);
    return wrapped;
  });
}
