import { errorBody } from '@payshelf/api';
import { z } from 'zod';

interface Documented {
  method: string;
  url: string;
  auth: 'merchant' | 'browser' | 'admin' | 'customer';
  tag: string;
  summary: string;
  body: z.ZodType;
  query: z.ZodType;
  response: z.ZodType;
}

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', cycles: 'ref', reused: 'inline' });
  const { $schema: _ignored, ...rest } = json as JsonSchema;
  return rest;
}

function isEmptyObject(schema: JsonSchema): boolean {
  const props = schema.properties;
  return schema.type === 'object' && (!props || Object.keys(props).length === 0);
}

const SECURITY: Record<Documented['auth'], Array<Record<string, string[]>>> = {
  merchant: [{ secretKey: [] }, { session: [] }],
  admin: [{ session: [] }],
  customer: [{ secretKey: [] }, { session: [] }],
  browser: [],
};

/**
 * Collects every payment route as it is registered and renders the OpenAPI 3.1 document from the
 * same zod schemas that validate the requests, so the document cannot drift from the code.
 */
export class OpenApiRegistry {
  private readonly routes: Documented[] = [];

  constructor(private readonly basePath: string) {}

  add(route: Documented): void {
    this.routes.push(route);
  }

  document(info: { title: string; version: string }): Record<string, unknown> {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const r of this.routes) {
      const path = r.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const pathParams = [...r.url.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
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
      const body = toSchema(r.body, 'input');
      const mutating = r.method !== 'GET';
      const headers =
        r.auth === 'merchant' && mutating
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
        security: SECURITY[r.auth],
        parameters: [...pathParams, ...queryParams, ...headers],
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: toSchema(r.response, 'output') } },
          },
          default: {
            description: 'Error',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      };
      if (mutating && !isEmptyObject(body)) {
        op.requestBody = { required: true, content: { 'application/json': { schema: body } } };
      }
      paths[path] = { ...paths[path], [r.method.toLowerCase()]: op };
    }
    return {
      openapi: '3.1.0',
      info: {
        ...info,
        description: 'Payshelf payment API: merchant calls (secret keys) and checkout browser calls.',
      },
      servers: [{ url: this.basePath }],
      paths,
      components: {
        schemas: { Error: toSchema(errorBody, 'output') },
        securitySchemes: {
          secretKey: { type: 'http', scheme: 'bearer', description: 'sk_test_… or sk_live_…' },
          session: { type: 'apiKey', in: 'cookie', name: 'login_token' },
        },
      },
    };
  }
}
