/** SPEC.md sections 4, 6 and 9: the temporary-domain warning. */
export const TEMPORARY_HOST_SUFFIXES = ['.ip.abtnet.io', '.did.abtnet.io'] as const;
export const DOMAINS_SETTINGS_PATH = '/.well-known/service/admin/domains';
export const DOMAIN_WARNING_SKIP_KEY = 'domain-warning-skip';
export const DOMAIN_WARNING_SNOOZE_MS = 30 * 24 * 60 * 60 * 1000;

export function isTemporaryHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return TEMPORARY_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/** The stored "Remind Me Later" time is recent enough to keep the dialog closed. */
export function isSnoozed(skippedAt: string | null, now: number): boolean {
  if (!skippedAt) return false;
  const at = Date.parse(skippedAt);
  if (Number.isNaN(at)) return false;
  return now - at < DOMAIN_WARNING_SNOOZE_MS;
}

export interface DomainWarningContext {
  hostname: string;
  pathname: string;
  /** Small screens (the `sm` breakpoint and below). */
  mobile: boolean;
  /** localStorage `domain-warning-skip`. */
  skippedAt: string | null;
  now: number;
}

export function shouldShowDomainWarning(context: DomainWarningContext): boolean {
  return (
    isTemporaryHost(context.hostname) &&
    !context.pathname.includes(DOMAINS_SETTINGS_PATH) &&
    !context.mobile &&
    !isSnoozed(context.skippedAt, context.now)
  );
}

/** Owners and admins see the benefits and the Configure Domain button; everyone else the guest text. */
export function domainWarningVariant(role: string | undefined): 'owner' | 'guest' {
  return role === 'owner' || role === 'admin' ? 'owner' : 'guest';
}
