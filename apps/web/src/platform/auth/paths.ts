/** The login page; `?redirect=` is where to go once signed in (same origin only). */
export const LOGIN_PATH = '/.well-known/service/login';
/** The owners' and admins' members page. */
export const MEMBERS_PATH = '/.well-known/service/admin/members';

export function loginHref(returnTo: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: returnTo }).toString()}`;
}
