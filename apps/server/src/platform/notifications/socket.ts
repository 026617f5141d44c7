import { USER_SOCKET_HEARTBEAT_SECONDS, USER_SOCKET_PATH, userTopic } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { RealtimeHub } from '../../core/realtime/hub.js';
import { optionalUser } from '../identity/index.js';

/**
 * The user notifications websocket: a second hub on the realtime bus, so a notification committed on any
 * process reaches the user's sockets on every process. A signed-in user may subscribe to `user:{did}`
 * of their own DID and nothing else; guests may subscribe to nothing.
 */
export function mountUserSocket(app: FastifyInstance, services: Services): RealtimeHub {
  const hub = new RealtimeHub(services.bus);
  hub.allow('user:', async (topic, request) => {
    const user = await optionalUser(request);
    return user !== null && topic === userTopic(user.did);
  });
  hub.mount(app, { path: USER_SOCKET_PATH, heartbeatSeconds: USER_SOCKET_HEARTBEAT_SECONDS });
  app.addHook('preClose', async () => hub.closeAll());
  return hub;
}
