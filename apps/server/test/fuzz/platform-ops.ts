// Routes outside the OpenAPI documents (DID Connect sign-in), described the same way so the fuzz
// test sends them malformed input too.
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

const anyJson: JsonSchema = { type: 'object', additionalProperties: {} };

/** DID Connect (answers shaped by the wallet library, outside the platform's table). */
export const platformOperations: Operation[] = [
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
