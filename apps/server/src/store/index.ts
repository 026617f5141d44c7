import path from 'node:path';
import type { StoreAccess } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { OpenApiRegistry, serveOpenApi } from '../core/http/openapi/index.js';
import type { Services } from '../services.js';
import { optionalUser } from '../platform/identity/index.js';
import type { StoreContext } from './context.js';
import { seedStoreDemo } from './demo/seed.js';
import { connectCliAction } from './connect/action.js';
import { connectCliRoutes } from './connect/routes.js';
import { profileRoutes } from './connect/profile.js';
import { assetRoutes } from './routes/assets.js';
import { consoleRoutes } from './routes/console.js';
import { developerRoutes } from './routes/developer.js';
import { publicRoutes } from './routes/public.js';
import { storeKit, storePolicy } from './routes/kit.js';
import { BundleStorage } from './storage.js';
import { StoreListCache } from './search/list-cache.js';

/**
 * The store part: the public catalogue and search, uploads with access tokens or a session, the review
 * workflow and the admin console, under `${STORE_MOUNT_POINT}/api`. Bundles live in DATA_DIR/store.
 */
export async function registerStore(app: FastifyInstance, services: Services): Promise<StoreContext> {
  const mount = services.config.STORE_MOUNT_POINT === '/' ? '' : services.config.STORE_MOUNT_POINT;
  const ctx: StoreContext = {
    services,
    db: services.database.db,
    storage: new BundleStorage(
      path.join(services.config.dataDir, 'store', 'bundles'),
      path.join(services.config.dataDir, 'store', 'tmp'),
    ),
    mount,
    user: (request) => optionalUser(request),
    userByDid: (did) => app.identity.service.sessionUser(did),
    listCache: StoreListCache.attach(services.bus),
  };
  // A store write answered here clears the cached list before its answer leaves, so the writer's next
  // read shows the change even before the catalog notification arrives.
  const writes = `${mount}/api/`;
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith(writes))
      ctx.listCache.clear();
    done(null, payload);
  });
  // Every store route is a route-table entry (`@payshelf/api` store routes) served behind one gate.
  const registry = new OpenApiRegistry<StoreAccess>(`${mount}/api`, storePolicy);
  const mountRoute = storeKit(app, ctx, registry);
  publicRoutes(mountRoute, ctx);
  developerRoutes(app, mountRoute, ctx);
  consoleRoutes(mountRoute, ctx);
  // Connect-CLI: sessions for the command-line tool, approved with the wallet.
  await connectCliRoutes(app, mountRoute, ctx);
  profileRoutes(mountRoute, ctx);
  if (app.hasDecorator('identity')) app.identity.connect.register(connectCliAction(ctx));
  assetRoutes(mountRoute, ctx);
  serveOpenApi(app, `${mount}/api/openapi.json`, registry, () => ({
    title: `${services.config.APP_NAME} store API`,
    version: '1',
  }));
  if (services.config.DEMO_DATA) await seedStoreDemo(ctx);
  return ctx;
}
