/**
 * The part of the platform's runtime configuration (`/__blocklet__.js?type=json`) the router needs:
 * which optional routes exist and where the payment part is mounted.
 */
export interface AppConfig {
  /** `preferences.permissionMode`; developer registration by staking when it equals 'staking'. */
  permissionMode: string | undefined;
  /** Mount point of the payment component, normalised: leading slash, no trailing slash ('/' for root). */
  paymentMountPoint: string;
}

export const APP_CONFIG_URL = '/__blocklet__.js?type=json';

export const DEFAULT_PAYMENT_MOUNT_POINT = '/payment';

export const DEFAULT_APP_CONFIG: AppConfig = {
  permissionMode: undefined,
  paymentMountPoint: DEFAULT_PAYMENT_MOUNT_POINT,
};

export function isStakingMode(config: AppConfig): boolean {
  return config.permissionMode === 'staking';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function normalizeMountPoint(raw: string): string {
  const trimmed = raw.trim().replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function findPaymentMountPoint(mountPoints: unknown): string {
  if (!Array.isArray(mountPoints)) return DEFAULT_PAYMENT_MOUNT_POINT;
  const payment: unknown = mountPoints.find((entry) => isRecord(entry) && entry.name === 'payment');
  if (!isRecord(payment) || typeof payment.mountPoint !== 'string') return DEFAULT_PAYMENT_MOUNT_POINT;
  return normalizeMountPoint(payment.mountPoint);
}

/** Reads the fields we use from the untrusted JSON; anything missing or malformed takes its default. */
export function parseAppConfig(raw: unknown): AppConfig {
  if (!isRecord(raw)) return DEFAULT_APP_CONFIG;
  const preferences = isRecord(raw.preferences) ? raw.preferences : {};
  return {
    permissionMode: typeof preferences.permissionMode === 'string' ? preferences.permissionMode : undefined,
    paymentMountPoint: findPaymentMountPoint(raw.componentMountPoints),
  };
}

export async function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  const response = await fetch(APP_CONFIG_URL, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Loading ${APP_CONFIG_URL} failed with HTTP ${response.status}`);
  return parseAppConfig(await response.json());
}
