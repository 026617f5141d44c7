import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@payshelf/api';
import { instanceSettings, storeBlocklets, storeCategories, users } from '../../db/schema/index.js';
import { newId } from '../../payment/shared/ids.js';
import { inspect } from '../bundle-port.js';
import type { StoreContext } from '../context.js';
import { publishVersion } from '../publish.js';
import { findBlocklet, findVersion } from '../repo.js';
import { recordUpload } from '../upload.js';
import { DEMO_APPS, DEMO_CATEGORIES, type DemoApp } from './catalog.js';
import { demoPng } from './png.js';
import { tgz } from './tar.js';

export const STORE_DEMO_KEY = 'store.demo';
const DEMO_DEVELOPER = { did: 'z1PayshefDemoDeveoperStore1111', fullName: 'Payshelf demo developer' };

function demoReadme(app: DemoApp): string {
  return [
    `# ${app.title}`,
    '',
    app.description,
    '',
    '## Features',
    '',
    ...app.keywords.map((k) => `- **${k}**`),
    '',
    '## Getting started',
    '',
    '```sh',
    `npm run store -- publish ./${app.name}`,
    '```',
    '',
    '| Plan | Price |',
    '| :--- | ---: |',
    `| Standard | ${app.price ? `${app.price.amount} ${app.price.currency}` : 'Free'} |`,
    '',
    'More at [the Payshelf project](https://github.com/).',
    '',
  ].join('\n');
}

/**
 * A demo application's bundle as the CLI would build it: `blocklet.json`, a README, a PNG logo and two
 * PNG screenshots (generated in the app's colours).
 */
export function demoBundle(app: DemoApp, version = '1.0.0'): Buffer {
  const [from, to] = app.colors;
  const manifest = {
    did: app.did,
    name: app.name,
    version,
    title: app.title,
    description: app.description,
    keywords: app.keywords,
    readme: 'README.md',
    logo: 'logo.png',
    screenshots: ['screenshots/1.png', 'screenshots/2.png'],
    ...(app.price ? { price: app.price } : {}),
  };
  return tgz([
    { name: 'blocklet.json', content: JSON.stringify(manifest, null, 2) },
    { name: 'README.md', content: demoReadme(app) },
    { name: 'logo.png', content: demoPng(96, 96, from, to) },
    { name: 'screenshots/1.png', content: demoPng(320, 200, from, to) },
    { name: 'screenshots/2.png', content: demoPng(320, 200, to, from) },
  ]);
}

/** True when the marker says every demo application was published. */
async function seeded(ctx: StoreContext): Promise<boolean> {
  const [row] = await ctx.db.select().from(instanceSettings).where(eq(instanceSettings.key, STORE_DEMO_KEY));
  return row !== undefined;
}

/** True when `app` is in the store with its demo version published. */
async function published(ctx: StoreContext, app: DemoApp): Promise<boolean> {
  const blocklet = await findBlocklet(ctx.db, app.did);
  const version = blocklet ? await findVersion(ctx.db, blocklet.id, '1.0.0') : null;
  return version?.status === 'published';
}

/**
 * DEMO_DATA: publishes the demo applications (test and demo installs only). Each application is
 * seeded only when it is not in yet, so a start that stopped half-way is completed by the next one,
 * and processes starting together (one of them losing the race on an application) still agree. The
 * marker row is written only after every demo application is in; from then on nothing is seeded.
 * Bundles go through the same inspection and upload path as a developer's.
 */
export async function seedStoreDemo(ctx: StoreContext): Promise<boolean> {
  if (await seeded(ctx)) return false;
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
    if (await published(ctx, app)) continue;
    try {
      await seedApp(ctx, developer, app, max, categories.get(app.category) ?? null);
    } catch (err) {
      // Another process seeding at the same time may have published it first; anything else stops here.
      if (!(await published(ctx, app))) throw err;
    }
  }
  const [marked] = await ctx.db
    .insert(instanceSettings)
    .values({ key: STORE_DEMO_KEY, value: { seededAt: new Date().toISOString(), apps: DEMO_APPS.length } })
    .onConflictDoNothing()
    .returning();
  if (!marked) return false;
  ctx.services.log.info({ apps: DEMO_APPS.length }, 'demo store seeded');
  return true;
}

async function seedApp(
  ctx: StoreContext,
  developer: SessionUser,
  app: DemoApp,
  max: number,
  categoryId: string | null,
): Promise<void> {
  const existing = await findBlocklet(ctx.db, app.did);
  if (!existing || !(await findVersion(ctx.db, existing.id, '1.0.0'))) {
    const bundle = await inspect(Readable.from(demoBundle(app)), max, ctx.storage.tmp);
    await recordUpload(ctx, developer, bundle, 'cli');
  }
  await ctx.db.transaction(async (tx) => {
    const blocklet = await findBlocklet(tx, app.did, true);
    const version = blocklet ? await findVersion(tx, blocklet.id, '1.0.0', true) : null;
    if (!blocklet || !version) throw new Error(`demo app ${app.name} was not recorded`);
    if (version.status === 'draft') await publishVersion(tx, ctx.storage, blocklet, version);
    await tx
      .update(storeBlocklets)
      .set({ categoryId, downloads: app.downloads })
      .where(eq(storeBlocklets.id, blocklet.id));
  });
}
