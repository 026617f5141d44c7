import type { PassportRole } from '@payshelf/api';

/** Which passport names the user's `role`, highest first; a user without passports is a guest. */
const ROLE_ORDER: readonly PassportRole[] = ['owner', 'admin', 'member', 'developer'];

export type UserRole = PassportRole | 'guest';

export function primaryRole(roles: readonly string[]): UserRole {
  return ROLE_ORDER.find((r) => roles.includes(r)) ?? 'guest';
}

/** SPEC section 6: a user is a developer if any passport has the role developer. */
export function isDeveloperRoles(roles: readonly string[]): boolean {
  return roles.includes('developer');
}

/** True when any of the user's passports is one of `allowed` (`guest` admits everyone). */
export function hasAnyRole(roles: readonly string[], allowed: readonly UserRole[]): boolean {
  if (allowed.includes('guest')) return true;
  return roles.some((r) => (allowed as readonly string[]).includes(r));
}

/**
 * Who may grant or revoke which passport: the owner manages admin, member and developer; an admin
 * manages member and developer (store admins revoke developers). Nobody grants or revokes owner
 * through the API, so an install can never lose its last owner by a click.
 */
export function canManagePassport(actorRoles: readonly string[], target: PassportRole): boolean {
  if (target === 'owner') return false;
  if (actorRoles.includes('owner')) return true;
  if (actorRoles.includes('admin')) return target === 'member' || target === 'developer';
  return false;
}
