/** TanStack Query keys of the admin pages: ['payment-admin', resource, livemode, ...]. */
export const ADMIN_QUERY_ROOT = 'payment-admin';

export function adminKey(resource: string, livemode: boolean, ...rest: unknown[]): unknown[] {
  return [ADMIN_QUERY_ROOT, resource, livemode, ...rest];
}

/** Invalidating this prefix refreshes every list and object of the resource in both modes. */
export function resourceKey(resource: string): unknown[] {
  return [ADMIN_QUERY_ROOT, resource];
}
