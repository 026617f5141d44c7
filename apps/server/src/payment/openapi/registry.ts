import { errorBody, type AnyRoute, type RouteAccess } from '@payshelf/api';
import { z } from 'zod';
import { renderSchemas, type JsonSchema } from './components.js';

type Documented = AnyRoute;

/** A route that answers a file (a PDF, a CSV export) rather than JSON. */
export interface FileRoute {
  path: string;
  access: RouteAccess;
  tag: string;
  summary: string;
  contentType: 'application/pdf' | 'text/csv';
}

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', cycles: 'ref', reused: 'inline' });
  const { $schema: _ignored, ...rest } = json as JsonSchema;
  return rest;
}

function isEmptyObject(schema: z.ZodType): boolean {
  const json = toSchema(schema, 'input');
  const props = json.properties;
  return json.type === 'object' && (!props || Object.keys(props).length === 0);
}

/** The caller kinds (see `Caller['kind']`) a route lets in, before any per-object check. */
export const AUTH_KINDS: Record<RouteAccess, Array<'key' | 'admin' | 'customer' | 'browser'>> = {
  merchant: ['key', 'admin'],
  admin: ['admin'],
  customer: ['key', 'admin', 'customer'],
  browser: ['browser'],
};

const SECURITY: Record<RouteAccess, Array<Record<string, string[]>>> = {
  merchant: [{ secretKey: [] }, { session: [] }],
  admin: [{ session: [] }],
  customer: [{ secretKey: [] }, { session: [] }],
  browser: [{}],
};

/**
 * Collects every payment route as it is registered and renders the OpenAPI 3.1 document from the
 * same zod schemas that validate the requests, so the document cannot drift from the code.
 */
export class OpenApiRegistry {
  private readonly routes: Documented[] = [];
  private readonly files: FileRoute[] = [];

  constructor(private readonly basePath: string) {}

  add(route: Documented): void {
    this.routes.push(route);
  }

  /** Documents a GET route that answers a file. */
  addFile(route: FileRoute): void {
    this.files.push(route);
  }

  document(info: { title: string; version: string }): Record<string, unknown> {
    const rendered = renderSchemas([
      [errorBody, 'output'],
      ...this.routes.flatMap((r): Array<[z.ZodType, 'input' | 'output']> => [
        [r.body, 'input'],
        [r.response, 'output'],
      ]),
    ]);
    const paths: Record<string, Record<string, unknown>> = {};
    for (const r of this.routes) {
      const path = r.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const pathParams = [...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema: { type: 'string' },
      }));
      const query = toSchema(r.query, 'input');
      const required = new Set(Array.isArray(query.required) ? (query.required as string[]) : []);
      const queryParams = Object.entries(
        (query.properties as Record<string, JsonSchema> | undefined) ?? {},
      ).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
      const mutating = r.method !== 'GET';
      const headers =
        r.access === 'merchant' && mutating
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                schema: { type: 'string', maxLength: 255 },
              },
            ]
          : [];
      const op: Record<string, unknown> = {
        tags: [r.tag],
        summary: r.summary,
        security: SECURITY[r.access],
        'x-payshelf-auth': AUTH_KINDS[r.access],
        parameters: [...pathParams, ...queryParams, ...headers],
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: rendered.schemaOf(r.response, 'output') } },
          },
          default: {
            description: 'Error',
            content: { 'application/json': { schema: rendered.schemaOf(errorBody, 'output') } },
          },
        },
      };
      if (mutating && !isEmptyObject(r.body)) {
        const body = rendered.schemaOf(r.body, 'input');
        op.requestBody = { required: true, content: { 'application/json': { schema: body } } };
      }
      paths[path] = { ...paths[path], [r.method.toLowerCase()]: op };
    }
    for (const f of this.files) {
      const path = f.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const parameters = [...f.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema: { type: 'string' },
      }));
      paths[path] = {
        ...paths[path],
        get: {
          tags: [f.tag],
          summary: f.summary,
          security: SECURITY[f.access],
          'x-payshelf-auth': AUTH_KINDS[f.access],
          parameters,
          responses: {
            '200': {
              description: 'OK',
              content: { [f.contentType]: { schema: { type: 'string', format: 'binary' } } },
            },
            default: {
              description: 'Error',
              content: { 'application/json': { schema: rendered.schemaOf(errorBody, 'output') } },
            },
          },
        },
      };
    }
    return {
      openapi: '3.1.0',
      info: {
        ...info,
        description:
          'Payshelf payment API: merchant calls (secret keys) and checkout browser calls. Each operation names ' +
          'the callers it lets in under `x-payshelf-auth`: key (a secret key, its mode), admin (a signed-in ' +
          'owner or admin), customer (any other signed-in user, own objects only), browser (anyone).',
      },
      servers: [{ url: this.basePath }],
      paths,
      components: {
        schemas: rendered.components,
        securitySchemes: {
          secretKey: { type: 'http', scheme: 'bearer', description: 'sk_test_… or sk_live_…' },
          session: { type: 'apiKey', in: 'cookie', name: 'login_token' },
        },
      },
    };
  }

  /** The registered routes with their access, for tests that walk the whole table. */
  table(): ReadonlyArray<Pick<Documented, 'method' | 'path' | 'access'>> {
    return this.routes;
  }
}
