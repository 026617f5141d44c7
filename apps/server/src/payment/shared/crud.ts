import type { CrudTable } from '@payshelf/api';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Caller, PaymentContext } from './context.js';
import type { ListAnswer } from './list.js';
import type { SerializedAnswer } from '../../core/http/serialized.js';
import { serve } from './route.js';

export interface CrudSpec<
  P extends string,
  O extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  L extends z.ZodType,
> {
  /** The resource's entries of the route table (`merchantRoutes.<resource>` in @payshelf/api). */
  routes: CrudTable<P, O, C, U, L>;
  create(caller: Caller, body: z.infer<C>): Promise<unknown>;
  retrieve(caller: Caller, id: string): Promise<unknown>;
  update(caller: Caller, id: string, body: z.infer<U>): Promise<unknown>;
  /** The page, or the page already serialised (a cached answer). */
  list(caller: Caller, query: z.infer<L>, url: string): Promise<ListAnswer<unknown> | SerializedAnswer>;
  /** Archive (active=false); omitted for objects that are not archived. */
  archive?: (caller: Caller, id: string) => Promise<unknown>;
}

/** create / retrieve / update / list / archive for one merchant resource, all on secret keys. */
export function crudRoutes<
  P extends string,
  O extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  L extends z.ZodType,
>(app: FastifyInstance, ctx: PaymentContext, spec: CrudSpec<P, O, C, U, L>): void {
  const { routes } = spec;
  serve(app, ctx, routes.create, ({ caller, body }) => spec.create(caller, body));
  serve(app, ctx, routes.list, ({ caller, query, request }) =>
    spec.list(caller, query, request.url.split('?')[0] ?? routes.list.path),
  );
  serve(app, ctx, routes.retrieve, ({ caller, params }) =>
    spec.retrieve(caller, (params as Record<string, string>).id ?? ''),
  );
  serve(app, ctx, routes.update, ({ caller, params, body }) =>
    spec.update(caller, (params as Record<string, string>).id ?? '', body),
  );
  const archive = spec.archive;
  if (archive && routes.archive) {
    serve(app, ctx, routes.archive, ({ caller, params }) =>
      archive(caller, (params as Record<string, string>).id ?? ''),
    );
  }
}
