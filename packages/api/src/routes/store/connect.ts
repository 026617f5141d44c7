import { z } from 'zod';
import {
  connectSessionCreate,
  connectSessionCreated,
  connectSessionId,
  connectSessionInfo,
} from '../../store/connect.js';
import { storeRoute } from './define.js';

const tag = 'Store connect-CLI';

/** The connect-CLI handoff: the CLI starts and polls a session; the approval page reads it. */
export const storeConnectRoutes = {
  start: storeRoute({
    method: 'POST',
    path: '/connect-cli/sessions',
    access: 'anyone',
    tag,
    summary: "Start a session with the CLI's one-time public key (rate limited per address)",
    body: connectSessionCreate,
    response: connectSessionCreated,
    status: 201,
  }),
  poll: storeRoute({
    method: 'GET',
    path: '/connect-cli/sessions/:id',
    access: 'anyone',
    tag,
    summary: 'Poll a session: pending, or approved with the access token sealed to the CLI key (once)',
    params: connectSessionId,
    response: z.union([
      z.object({ status: z.literal('pending') }),
      z.object({
        status: z.literal('approved'),
        sealed: z.object({ ephemeralPublicKey: z.string(), iv: z.string(), ciphertext: z.string() }),
      }),
    ]),
  }),
  info: storeRoute({
    method: 'GET',
    path: '/connect-cli/sessions/:id/info',
    access: 'anyone',
    tag,
    summary: "What the approval page shows: the code to compare and the session's state",
    params: connectSessionId,
    response: connectSessionInfo,
  }),
} as const;
