import { listOf } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Caller, PaymentContext } from './context.js';
import type { ListAnswer } from './list.js';
import { defineRoute } from './route.js';

const none = z.object({});

export interface CrudSpec<C extends z.ZodType, U extends z.ZodType, L extends z.ZodType> {
  /** e.g. /products */
  path: string;
  tag: string;
  noun: string;
  /** Plural of noun when it is not noun + 's'. */
  plural?: string;
  object: z.ZodType;
  createBody: C;
  updateBody: U;
  listQuery: L;
  create(caller: Caller, body: z.infer<C>): Promise<unknown>;
  retrieve(caller: Caller, id: string): Promise<unknown>;
  update(caller: Caller, id: string, body: z.infer<U>): Promise<unknown>;
  list(caller: Caller, query: z.infer<L>, url: string): Promise<ListAnswer<unknown>>;
  /** Archive (active=false); omitted for objects that are not archived. */
  archive?: (caller: Caller, id: string) => Promise<unknown>;
}

/** create / retrieve / update / list / archive for one merchant resource, all on secret keys. */
export function crudRoutes<C extends z.ZodType, U extends z.ZodType, L extends z.ZodType>(
  app: FastifyInstance,
  ctx: PaymentContext,
  spec: CrudSpec<C, U, L>,
): void {
  const { path, tag, noun, object } = spec;
  const common = { auth: 'merchant' as const, tag };
  defineRoute(app, ctx, {
    ...common,
    method: 'POST',
    url: path,
    summary: `Create a ${noun}`,
    body: spec.createBody,
    query: none,
    response: object,
    handler: ({ caller, body }) => spec.create(caller, body),
  });
  defineRoute(app, ctx, {
    ...common,
    method: 'GET',
    url: path,
    summary: `List ${spec.plural ?? `${noun}s`}, newest first`,
    body: none,
    query: spec.listQuery,
    response: listOf(object),
    handler: ({ caller, query, request }) => spec.list(caller, query, request.url.split('?')[0] ?? path),
  });
  defineRoute(app, ctx, {
    ...common,
    method: 'GET',
    url: `${path}/:id`,
    summary: `Retrieve a ${noun}`,
    body: none,
    query: none,
    response: object,
    handler: ({ caller, params }) => spec.retrieve(caller, params.id ?? ''),
  });
  defineRoute(app, ctx, {
    ...common,
    method: 'PUT',
    url: `${path}/:id`,
    summary: `Update a ${noun}`,
    body: spec.updateBody,
    query: none,
    response: object,
    handler: ({ caller, params, body }) => spec.update(caller, params.id ?? '', body),
  });
  const archive = spec.archive;
  if (archive) {
    defineRoute(app, ctx, {
      ...common,
      method: 'PUT',
      url: `${path}/:id/archive`,
      summary: `Archive a ${noun} (it stays readable but can no longer be used)`,
      body: none,
      query: none,
      response: object,
      handler: ({ caller, params }) => archive(caller, params.id ?? ''),
    });
  }
}
