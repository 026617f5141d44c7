import { errorBody, type HttpMethod } from '@payshelf/api';
import { z } from 'zod';
import { renderSchemas, type JsonSchema } from './components.js';

/** What the document needs of a route-table entry, whatever part (payment, store, platform) serves it. */
export interface DocumentedRoute<A extends string = string> {
  method: HttpMethod;
  path: string;
  query: z.ZodType;
  body: z.ZodType;
  response: z.ZodType;
  access: A;
  tag: string;
  summary: string;
  status?: number;
  /** The content type of a file answer (then `response` is not rendered). */
  file?: string;
  bodyType?: string;
}

/** A route that answers a file (a PDF, a CSV export, a bundle) rather than JSON. */
export interface FileRoute<A extends string = string> {
  path: string;
  access: A;
  tag: string;
  summary: string;
  contentType: string;
}

/** How one part's access values read in the document. */
export interface AccessPolicy<A extends string> {
  /** OpenAPI security requirements (`[{}]` when anyone may call). */
  security(access: A): Array<Record<string, string[]>>;
  /** The caller kinds let in, listed under `x-payshelf-auth`. */
  kinds(access: A): readonly string[];
  /** Whether a write with this access honours an `Idempotency-Key` header. */
  idempotent(route: { method: HttpMethod; access: A }): boolean;
  securitySchemes: Record<string, unknown>;
  description: string;
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

/** `:name` becomes `{name}`; a trailing `*` (the rest of the path, slashes included) becomes `{path}`. */
const pathOf = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{path}');
const pathParams = (path: string) => [
  ...[...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  })),
  ...(path.endsWith('*')
    ? [
        {
          name: 'path',
          in: 'path',
          required: true,
          description: 'The rest of the path, slashes included',
          schema: { type: 'string' },
        },
      ]
    : []),
];

/**
 * A stable, unique name per operation built from its method and path:
 * `GET /checkout-sessions/:id/tx` → `getCheckoutSessionsByIdTx`.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((seg) =>
      seg.startsWith(':')
        ? ['by', ...seg.slice(1).split(/[^A-Za-z0-9]+/)]
        : seg === '*'
          ? ['by', 'path']
          : seg.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}

const ERROR = { $ref: '#/components/responses/Error' };

/**
 * The 4xx answers an operation can give: 400 for input that fails its schemas, 401/403 when it needs a
 * caller, 404 when its path names an object, 409 for a reused idempotency key or a state conflict on a
 * write, 429 when rate limited.
 */
function errorAnswers(path: string, method: HttpMethod, open: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { '400': ERROR };
  if (!open) Object.assign(out, { '401': ERROR, '403': ERROR });
  if (path.includes(':') || path.endsWith('*')) out['404'] = ERROR;
  if (method !== 'GET') out['409'] = ERROR;
  out['429'] = ERROR;
  return out;
}

/**
 * Collects every route of one part as it is registered and renders its OpenAPI 3.1 document from the
 * same zod schemas that validate the requests, so the document cannot drift from the code.
 */
export class OpenApiRegistry<A extends string = string> {
  private readonly routes: Array<DocumentedRoute<A>> = [];
  private readonly files: Array<FileRoute<A>> = [];

  constructor(
    private readonly basePath: string,
    private readonly policy: AccessPolicy<A>,
  ) {}

  add(route: DocumentedRoute<A>): void {
    this.routes.push(route);
  }

  /** Documents a GET route that answers a file. */
  addFile(route: FileRoute<A>): void {
    this.files.push(route);
  }

  private isOpen(access: A): boolean {
    return this.policy.security(access).some((s) => Object.keys(s).length === 0);
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
    const base = (r: { path: string; access: A; tag: string; summary: string }, method: HttpMethod) => ({
      operationId: operationIdOf(method, r.path),
      tags: [r.tag],
      summary: r.summary,
      security: this.policy.security(r.access),
      'x-payshelf-auth': this.policy.kinds(r.access),
      'x-payshelf-access': r.access,
    });
    for (const r of this.routes) {
      const query = toSchema(r.query, 'input');
      const required = new Set(Array.isArray(query.required) ? (query.required as string[]) : []);
      const queryParams = Object.entries(
        (query.properties as Record<string, JsonSchema> | undefined) ?? {},
      ).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
      const mutating = r.method !== 'GET';
      const headers =
        mutating && this.policy.idempotent(r)
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
        ...base(r, r.method),
        parameters: [...pathParams(r.path), ...queryParams, ...headers],
        responses: {
          [String(r.status ?? 200)]: {
            description: 'OK',
            content: r.file
              ? { [r.file]: { schema: { type: 'string', format: 'binary' } } }
              : { 'application/json': { schema: rendered.schemaOf(r.response, 'output') } },
          },
          ...errorAnswers(r.path, r.method, this.isOpen(r.access)),
          default: ERROR,
        },
      };
      if (mutating && r.bodyType) {
        op.requestBody = {
          required: true,
          content: { [r.bodyType]: { schema: { type: 'string', format: 'binary' } } },
        };
      } else if (mutating && !isEmptyObject(r.body)) {
        const body = rendered.schemaOf(r.body, 'input');
        op.requestBody = { required: true, content: { 'application/json': { schema: body } } };
      }
      paths[pathOf(r.path)] = { ...paths[pathOf(r.path)], [r.method.toLowerCase()]: op };
    }
    for (const f of this.files) {
      paths[pathOf(f.path)] = {
        ...paths[pathOf(f.path)],
        get: {
          ...base(f, 'GET'),
          parameters: pathParams(f.path),
          responses: {
            '200': {
              description: 'OK',
              content: { [f.contentType]: { schema: { type: 'string', format: 'binary' } } },
            },
            ...errorAnswers(f.path, 'GET', this.isOpen(f.access)),
            default: ERROR,
          },
        },
      };
    }
    return {
      openapi: '3.1.0',
      info: { ...info, description: this.policy.description },
      servers: [{ url: this.basePath }],
      paths,
      components: {
        schemas: rendered.components,
        responses: {
          Error: {
            description: 'Error',
            content: { 'application/json': { schema: rendered.schemaOf(errorBody, 'output') } },
          },
        },
        securitySchemes: this.policy.securitySchemes,
      },
    };
  }

  /** The registered routes with their access, for tests that walk the whole table. */
  table(): ReadonlyArray<Pick<DocumentedRoute<A>, 'method' | 'path' | 'access'>> {
    return this.routes;
  }
}
