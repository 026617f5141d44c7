/** SPEC.md section 3, Notification (only the fields the web uses). */
export const SEVERITIES = ['normal', 'success', 'info', 'warning', 'error'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface AppNotification {
  id: string;
  severity: Severity;
  title: string;
  description: string;
  source: 'system' | 'component';
  componentDid: string | undefined;
  sticky: boolean;
  receiver: string | undefined;
  read: boolean;
  createdAt: string | undefined;
  /** The message key and parameters the text is rendered from; undefined for text-only rows. */
  message?: { key: string; params: Record<string, string> };
}

function isSeverity(value: unknown): value is Severity {
  return (SEVERITIES as readonly unknown[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function firstReceiver(raw: Record<string, unknown>): string | undefined {
  if (typeof raw.receiver === 'string') return raw.receiver;
  const receivers = Array.isArray(raw.receivers) ? raw.receivers : [];
  const first: unknown = receivers[0];
  if (typeof first === 'string') return first;
  return isRecord(first) ? str(first.receiver) : undefined;
}

function parseMessage(raw: unknown): AppNotification['message'] {
  if (!isRecord(raw) || typeof raw.key !== 'string') return undefined;
  const params: Record<string, string> = {};
  if (isRecord(raw.params)) {
    for (const [name, value] of Object.entries(raw.params))
      if (typeof value === 'string') params[name] = value;
  }
  return { key: raw.key, params };
}

export function parseNotification(raw: unknown): AppNotification | undefined {
  if (!isRecord(raw) || typeof raw.id !== 'string') return undefined;
  const severity = isSeverity(raw.severity) ? raw.severity : 'normal';
  return {
    id: raw.id,
    severity,
    title: str(raw.title) ?? '',
    description: str(raw.description) ?? '',
    source: raw.source === 'component' ? 'component' : 'system',
    componentDid: str(raw.componentDid) ?? undefined,
    sticky: raw.sticky === true,
    receiver: firstReceiver(raw),
    read: raw.read === true || typeof raw.read_at === 'string',
    createdAt: str(raw.createdAt) ?? str(raw.created_at),
    message: parseMessage(raw.message),
  };
}

/** The receiver and readCount of a `notification.read` event. */
export function parseReadEvent(raw: unknown): { receiver: string | undefined; readCount: number } {
  if (!isRecord(raw)) return { receiver: undefined, readCount: 0 };
  const readCount = typeof raw.readCount === 'number' ? raw.readCount : 0;
  return { receiver: str(raw.receiver), readCount };
}

/** Wallet app webviews announce themselves in the user agent; toasts stay out of them. */
export function isWalletUserAgent(userAgent: string): boolean {
  return /ABTWallet|DIDWallet|ArcSphere/i.test(userAgent);
}

export interface ToastDecision {
  show: boolean;
  /** Stays until closed (error, warning and sticky notifications). */
  persist: boolean;
}

export function toastDecision(notification: AppNotification, userAgent: string): ToastDecision {
  const show = notification.source === 'component' && !isWalletUserAgent(userAgent);
  const persist =
    notification.sticky || notification.severity === 'error' || notification.severity === 'warning';
  return { show, persist };
}

/** notistack's variants: `normal` maps to its default look. */
export function toastVariant(severity: Severity): 'default' | 'success' | 'info' | 'warning' | 'error' {
  return severity === 'normal' ? 'default' : severity;
}
