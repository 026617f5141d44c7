import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useAdmin, type Admin } from '../AdminContext';
import { apiRequest, type Method } from './client';
import { adminKey, resourceKey } from './keys';

/** One merchant object (`GET /{resource}/{id}`) in the current mode. */
export function useAdminObject<S extends z.ZodType>(
  resource: string,
  id: string | undefined,
  schema: S,
  expand?: string,
) {
  const admin = useAdmin();
  const query = expand ? { 'expand[]': expand } : {};
  return useQuery({
    queryKey: adminKey(resource, admin.livemode, 'one', id, expand),
    queryFn: ({ signal }) =>
      apiRequest(
        schema,
        admin.url(`/${resource}/${encodeURIComponent(id ?? '')}`, query),
        'GET',
        undefined,
        signal,
      ),
    enabled: id !== undefined,
  });
}

export interface Call {
  method: Method;
  path: string;
  body?: unknown;
}

/** The request saving a form: `PUT {path}/{id}` when editing `id`, else `POST {path}`. */
export function saveCall(path: string, id?: string): (body: unknown) => Call {
  return (body) =>
    id === undefined ? { method: 'POST', path, body } : { method: 'PUT', path: `${path}/${id}`, body };
}

/**
 * A change through the merchant API; on success every cached list and object of `resources` is
 * refreshed. `call` turns the variables into the request.
 */
export function useAdminMutation<V, S extends z.ZodType>(
  resources: readonly string[],
  schema: S,
  call: (vars: V, admin: Admin) => Call,
) {
  const admin = useAdmin();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => {
      const c = call(vars, admin);
      return apiRequest(schema, admin.url(c.path), c.method, c.body);
    },
    onSuccess: () =>
      Promise.all(resources.map((r) => client.invalidateQueries({ queryKey: resourceKey(r) }))),
  });
}
