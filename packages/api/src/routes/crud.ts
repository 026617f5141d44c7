// The merchant's create / list / retrieve / update / archive operations of one resource, all on secret
// keys (or a signed-in owner/admin): five entries built from the resource's schemas.
import type { z } from 'zod';
import { listOf } from '../payment/common.js';
import { route, type NoInput, type RouteEntry } from './define.js';

type None = NoInput;

export interface CrudTable<
  P extends string,
  O extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  L extends z.ZodType,
> {
  create: RouteEntry<P, None, C, O>;
  list: RouteEntry<P, L, None, ReturnType<typeof listOf<O>>>;
  retrieve: RouteEntry<`${P}/:id`, None, None, O>;
  update: RouteEntry<`${P}/:id`, None, U, O>;
  /** Archive (active=false); absent for objects that are not archived. */
  archive?: RouteEntry<`${P}/:id/archive`, None, None, O>;
}

export function crud<
  P extends string,
  O extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  L extends z.ZodType,
>(spec: {
  /** e.g. /products */
  path: P;
  tag: string;
  noun: string;
  /** Plural of noun when it is not noun + 's'. */
  plural?: string;
  object: O;
  createBody: C;
  updateBody: U;
  listQuery: L;
  archive: boolean;
}): CrudTable<P, O, C, U, L> {
  const { path, tag, noun, object } = spec;
  const common = { access: 'merchant', tag } as const;
  const one = `${path}/:id` as const;
  return {
    create: route({
      ...common,
      method: 'POST',
      path,
      summary: `Create a ${noun}`,
      body: spec.createBody,
      response: object,
    }),
    list: route({
      ...common,
      method: 'GET',
      path,
      summary: `List ${spec.plural ?? `${noun}s`}, newest first`,
      query: spec.listQuery,
      response: listOf(object),
    }),
    retrieve: route({ ...common, method: 'GET', path: one, summary: `Retrieve a ${noun}`, response: object }),
    update: route({
      ...common,
      method: 'PUT',
      path: one,
      summary: `Update a ${noun}`,
      body: spec.updateBody,
      response: object,
    }),
    ...(spec.archive
      ? {
          archive: route({
            ...common,
            method: 'PUT',
            path: `${one}/archive` as const,
            summary: `Archive a ${noun} (it stays readable but can no longer be used)`,
            response: object,
          }),
        }
      : {}),
  };
}
