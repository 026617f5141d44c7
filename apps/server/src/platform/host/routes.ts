import { platformAssetRoutes as r } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../core/config.js';
import { platformMount } from '../identity/index.js';
import { componentMounts, STORE_COMPONENT_DID } from './components.js';

/**
 * `/__blocklet__.js`: what a page (ours or another origin's) needs to know about this host: which
 * component is which and where it is mounted. `?type=json` answers JSON; otherwise a script that
 * defines the same object, for embedders that load it with a script tag.
 */
export function hostInfoRoutes(app: FastifyInstance, config: Config): void {
  platformMount(app, config.PAYSHELF_CHECK_RESPONSES)(r.hostInfo, async ({ request, reply, query }) => {
    const { type } = query;
    const mounts = componentMounts(config);
    const info = {
      appName: config.APP_NAME,
      appUrl: config.PUBLIC_URL ?? `${request.protocol}://${request.host}`,
      componentId: STORE_COMPONENT_DID,
      prefix: config.STORE_MOUNT_POINT,
      languages: [
        { code: 'en', name: 'English' },
        { code: 'zh', name: '简体中文' },
      ],
      preferences: { permissionMode: 'invitation' },
      componentMountPoints: mounts.map((m) => ({
        did: m.did,
        name: m.name,
        title: m.title,
        mountPoint: m.mountPoint,
      })),
    };
    reply.header('access-control-allow-origin', '*');
    reply.header('cache-control', 'public, max-age=60');
    if (type === 'json') return info;
    return reply
      .type('application/javascript; charset=utf-8')
      .send(`window.blocklet = ${JSON.stringify(info)};\n`);
  });
}
