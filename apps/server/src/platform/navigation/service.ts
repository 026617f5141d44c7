import type { Branding, NavigationAnswer, NavigationConfig, NavigationConfigAnswer } from '@payshelf/api';
import type { Services } from '../../services.js';
import { BRANDING_PATH } from './branding.js';
import { defaultNavigation } from './defaults.js';
import { withDemoLinks } from './demo.js';
import { navigationFor } from './filter.js';
import { insertDefault, readNavigation, replaceNavigation, type StoredNavigation } from './repo.js';

/** Seeds the default navigation on the very first start of an install; later starts keep what is stored. */
export async function seedNavigation(services: Services): Promise<void> {
  await insertDefault(services.database.db, defaultNavigation(services.config.PAYMENT_MOUNT_POINT));
}

async function stored(services: Services): Promise<StoredNavigation> {
  const row = await readNavigation(services.database.db);
  if (row) return row;
  await seedNavigation(services);
  const seeded = await readNavigation(services.database.db);
  if (!seeded) throw new Error('navigation could not be seeded');
  return seeded;
}

export function brandingOf(services: Services, document: NavigationConfig): Branding {
  const logo = (shape: 'square' | 'wide', theme: 'light' | 'dark') =>
    `${BRANDING_PATH}/logo-${shape}-${theme}.svg`;
  return {
    appName: services.config.APP_NAME,
    logos: {
      square: { light: logo('square', 'light'), dark: logo('square', 'dark') },
      wide: { light: logo('wide', 'light'), dark: logo('wide', 'dark') },
    },
    productsItem: document.productsItem,
  };
}

/**
 * What a caller with these roles (`['guest']` when signed out) sees of the navigation, plus branding;
 * with test-mode demo data, the demo page's links too (`withDemoLinks`).
 */
export async function navigationForRoles(
  services: Services,
  roles: readonly string[],
): Promise<NavigationAnswer> {
  const row = await stored(services);
  const { DEMO_DATA, PAYMENT_MOUNT_POINT } = services.config;
  const items = DEMO_DATA ? withDemoLinks(row.document.items, PAYMENT_MOUNT_POINT) : row.document.items;
  return {
    sections: navigationFor(items, new Set(roles)),
    branding: brandingOf(services, row.document),
    version: row.version,
  };
}

export async function brandingNow(services: Services): Promise<Branding> {
  return brandingOf(services, (await stored(services)).document);
}

function configAnswer(row: StoredNavigation): NavigationConfigAnswer {
  return { config: row.document, version: row.version, updatedAt: row.updatedAt.toISOString() };
}

export async function navigationConfigNow(services: Services): Promise<NavigationConfigAnswer> {
  return configAnswer(await stored(services));
}

/** Replaces the whole navigation (already validated) and tells open headers to reload it. */
export async function updateNavigation(
  services: Services,
  document: NavigationConfig,
  updatedBy: string,
): Promise<NavigationConfigAnswer> {
  const row = await replaceNavigation(services.database.db, document, updatedBy);
  await services.bus.publish(NAVIGATION_TOPIC, 'navigation.updated', { version: row.version });
  return configAnswer(row);
}

/** Public relay topic on which `navigation.updated` ({ version }) is announced. */
export const NAVIGATION_TOPIC = 'public:navigation';
