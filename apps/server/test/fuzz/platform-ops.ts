// Routes outside the OpenAPI documents (the fuzz test drops any a document lists) (members, notifications, navigation, analytics, sign-in
// tokens), described the same way so the fuzz test sends them malformed input too.
import {
  grantPassportBody,
  markReadBody,
  memberListQuery,
  NOTIFICATIONS_API_PATH,
  notificationListQuery,
  pageviewsQuery,
  updateDomainBody,
  updateProfileBody,
} from '@payshelf/api';
import { z } from 'zod';
import type { Doc, JsonSchema } from './schema-arbitrary.js';

export type Auth = 'key' | 'admin' | 'customer' | 'anonymous';

export interface Operation {
  method: string;
  /** The full path before the query, `{name}` for a path parameter. */
  path: string;
  params: Array<{ name: string; in: string; required?: boolean; schema: JsonSchema }>;
  body: JsonSchema | null;
  auths: Auth[];
  /** The document the operation's `$ref`s resolve in. */
  doc?: Doc;
}

const json = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

function queryParams(schema: z.ZodType): Operation['params'] {
  const properties = (json(schema).properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).map(([name, s]) => ({ name, in: 'query', schema: s }));
}

const anyJson: JsonSchema = { type: 'object', additionalProperties: {} };

export const platformOperations: Operation[] = [
  { method: 'GET', path: '/api/user/account', params: [], body: null, auths: ['customer'] },
  {
    method: 'PUT',
    path: '/api/user/profile',
    params: [],
    body: json(updateProfileBody),
    auths: ['customer'],
  },
  { method: 'DELETE', path: '/api/user/sessions/{id}', params: [], body: null, auths: ['customer'] },
  { method: 'POST', path: '/api/user/sessions/sign-out-others', params: [], body: null, auths: ['customer'] },
  { method: 'GET', path: '/api/host/domain', params: [], body: null, auths: ['admin'] },
  { method: 'PUT', path: '/api/host/domain', params: [], body: json(updateDomainBody), auths: ['admin'] },
  { method: 'GET', path: '/api/members', params: queryParams(memberListQuery), body: null, auths: ['admin'] },
  {
    method: 'POST',
    path: '/api/members/{did}/passports',
    params: [],
    body: json(grantPassportBody),
    auths: ['admin', 'customer'],
  },
  {
    method: 'DELETE',
    path: '/api/members/{did}/passports/{passportId}',
    params: [],
    body: null,
    auths: ['admin'],
  },
  {
    method: 'GET',
    path: NOTIFICATIONS_API_PATH,
    params: queryParams(notificationListQuery),
    body: null,
    auths: ['customer'],
  },
  {
    method: 'GET',
    path: `${NOTIFICATIONS_API_PATH}/unread-count`,
    params: [],
    body: null,
    auths: ['customer'],
  },
  {
    method: 'PUT',
    path: `${NOTIFICATIONS_API_PATH}/read`,
    params: [],
    body: json(markReadBody),
    auths: ['customer'],
  },
  { method: 'POST', path: '/api/notifications', params: [], body: anyJson, auths: ['admin', 'customer'] },
  { method: 'PUT', path: '/api/navigation', params: [], body: anyJson, auths: ['admin'] },
  { method: 'GET', path: '/api/navigation/config', params: [], body: null, auths: ['admin'] },
  {
    method: 'GET',
    path: '/api/analytics/pageviews',
    params: queryParams(pageviewsQuery),
    body: null,
    auths: ['admin'],
  },
  { method: 'GET', path: '/.well-known/analytics/pv/{page}', params: [], body: null, auths: ['anonymous'] },
  { method: 'GET', path: '/.well-known/analytics/evt/{name}', params: [], body: null, auths: ['anonymous'] },
  { method: 'POST', path: '/api/did/login/token', params: [], body: anyJson, auths: ['anonymous'] },
  {
    method: 'GET',
    path: '/api/did/login/status',
    params: [{ name: '_t_', in: 'query', schema: { type: 'string' } }],
    body: null,
    auths: ['anonymous'],
  },
  { method: 'POST', path: '/api/did/login/auth', params: [], body: anyJson, auths: ['anonymous'] },
];
