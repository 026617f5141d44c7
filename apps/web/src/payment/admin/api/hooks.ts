import type { AnswerOf, AnyRoute, CallInput, CrudTable } from '@payshelf/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useAdmin, type Admin } from '../AdminContext';
import { adminKey, resourceKey } from './keys';
import { callInput, type Call } from './routeCall';

export type { Call } from './routeCall';

type AnyCrud = CrudTable<string, z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

/** One merchant object (a retrieve entry, `GET /{resource}/:id`) in the current mode. */
export function useAdminObject<E extends AnyRoute & { path: `/${string}/:id` }>(
  entry: E,
  id: string | undefined,
  expand?: string,
) {
  const admin = useAdmin();
  const query = expand ? { 'expand[]': expand } : {};
  const input = { params: { id: id ?? '' }, query } as unknown as CallInput<E>;
  return useQuery({
    queryKey: adminKey(entry.path.split('/')[1] ?? '', admin.livemode, 'one', id, expand),
    queryFn: ({ signal }) => admin.call(entry, input, signal),
    enabled: id !== undefined,
  });
}

/** The request saving a form: the table's `update` (`PUT {path}/{id}`) when editing `id`, else `create`. */
export function saveCall<T extends AnyCrud>(
  table: T,
  id?: string,
): (body: unknown) => Call<T['create'] | T['update']> {
  return (body) =>
    (id === undefined
      ? { entry: table.create, params: {}, body }
      : { entry: table.update, params: { id }, body }) as Call<T['create'] | T['update']>;
}

/**
 * A change through the merchant API; on success every cached list and object of `resources` is
 * refreshed. `call` turns the variables into the request of one route-table entry.
 */
export function useAdminMutation<V, E extends AnyRoute>(
  resources: readonly string[],
  call: (vars: V, admin: Admin) => Call<E>,
) {
  const admin = useAdmin();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V): Promise<AnswerOf<E>> => {
      const c = call(vars, admin);
      return admin.call(c.entry, callInput(c));
    },
    onSuccess: () =>
      Promise.all(resources.map((r) => client.invalidateQueries({ queryKey: resourceKey(r) }))),
  });
}
