import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@payshelf/api';
import { instanceSettings, storeBlocklets, storeCategories, users } from '../../db/schema/index.js';
import { newId } from '../../payment/shared/ids.js';
import { inspect } from '../bundle-port.js';
import type { StoreContext } from '../context.js';
import { publishVersion } from '../publish.js';
import { findBlocklet, findVersion } from '../repo.js';
import { recordUpload } from '../upload.js';
import { DEMO_APPS, DEMO_CATEGORIES, type DemoApp } from './catalog.js';
import { tgz } from './tar.js';

export const STORE_DEMO_KEY = 'store.demo';
const DEMO_DEVELOPER = { did: 'z1PayshefDemoDeveoperStore1111', fullName: 'Payshelf demo developer' };

/** A demo application's bundle: `blocklet.json` and a README, gzipped tar as the CLI would build it. */
export function demoBundle(app: DemoApp, version = '1.0.0'): Buffer {
  const manifest = {
    did: app.did,
    name: app.name,
    version,
    title: app.title,
    description: app.description,
    keywords: app.keywords,
    readme: 'README.md',
    ...(app.price ? { price: app.price } : {}),
  };
  return tgz([
    { name: 'blocklet.json', content: JSON.stringify(manifest, null, 2) },
    { name: 'README.md', content: `# ${app.title}\n\n${app.description}\n` },
  ]);
}

/**
 * DEMO_DATA: publishes the demo applications once per database (test and demo installs only). The
 * marker row is claimed first, so processes starting together seed once. Bundles go through the same
 * inspection and upload path as a developer's.
 */
export async function seedStoreDemo(ctx: StoreContext): Promise<boolean> {
  const [claimed] = await ctx.db
    .insert(instanceSettings)
    .values({ key: STORE_DEMO_KEY, value: sql`'{}'::jsonb` })
    .onConflictDoNothing()
    .returning();
  if (!claimed) return false;
  await ctx.db
    .insert(users)
    .values({ did: DEMO_DEVELOPER.did, pk: '', fullName: DEMO_DEVELOPER.fullName })
    .onConflictDoNothing();
  const developer: SessionUser = {
    did: DEMO_DEVELOPER.did,
    role: 'developer',
    fullName: DEMO_DEVELOPER.fullName,
    email: '',
    avatar: '',
    didSpace: null,
    passports: [],
  };
  const categories = new Map<string, string>();
  for (const c of DEMO_CATEGORIES) {
    const id = newId('cat');
    await ctx.db
      .insert(storeCategories)
      .values({ id, name: c.name, nameEn: c.en, nameZh: c.zh })
      .onConflictDoNothing();
    const [row] = await ctx.db.select().from(storeCategories).where(eq(storeCategories.name, c.name));
    if (row) categories.set(c.name, row.id);
  }
  const max = ctx.services.config.STORE_MAX_BUNDLE_MB * 1024 * 1024;
  for (const app of DEMO_APPS) {
    const bundle = await inspect(Readable.from(demoBundle(app)), max, ctx.storage.tmp);
    await recordUpload(ctx, developer, bundle, 'cli');
    await ctx.db.transaction(async (tx) => {
      const blocklet = await findBlocklet(tx, app.did, true);
      const version = blocklet ? await findVersion(tx, blocklet.id, '1.0.0', true) : null;
      if (!blocklet || !version) throw new Error(`demo app ${app.name} was not recorded`);
      if (version.status === 'draft') await publishVersion(tx, ctx.storage, blocklet, version);
      await tx
        .update(storeBlocklets)
        .set({ categoryId: categories.get(app.category) ?? null, downloads: app.downloads })
        .where(eq(storeBlocklets.id, blocklet.id));
    });
  }
  await ctx.db
    .update(instanceSettings)
    .set({ value: { seededAt: new Date().toISOString(), apps: DEMO_APPS.length } })
    .where(eq(instanceSettings.key, STORE_DEMO_KEY));
  ctx.services.log.info({ apps: DEMO_APPS.length }, 'demo store seeded');
  return true;
}
