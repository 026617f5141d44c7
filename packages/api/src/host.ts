import { z } from 'zod';

/** Answer of `GET /__blocklet__.js?type=json`. */
export const hostInfo = z.object({
  appName: z.string(),
  appUrl: z.string(),
  componentId: z.string(),
  prefix: z.string(),
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
  preferences: z.object({ permissionMode: z.enum(['staking', 'invitation']) }),
  componentMountPoints: z.array(
    z.object({ did: z.string(), name: z.string(), title: z.string(), mountPoint: z.string() }),
  ),
});
export type HostInfo = z.infer<typeof hostInfo>;

/** Messages of the realtime websockets (relay and user notifications). */
export const socketServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), heartbeat: z.number() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('subscribed'), topic: z.string() }),
  z.object({ type: z.literal('unsubscribed'), topic: z.string() }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), topic: z.string().optional() }),
  z.object({
    type: z.literal('event'),
    id: z.string(),
    topic: z.string(),
    event: z.string(),
    data: z.unknown(),
    at: z.number(),
  }),
]);
export type SocketServerMessage = z.infer<typeof socketServerMessage>;
