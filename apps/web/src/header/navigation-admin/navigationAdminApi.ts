import { navigationConfigAnswer, type NavigationConfig } from '@payshelf/api';
import type { z } from 'zod';

export type NavigationConfigAnswer = z.infer<typeof navigationConfigAnswer>;

/** A refused save: the server's message and, when it names one, the offending path in the document. */
export class NavigationSaveError extends Error {
  constructor(
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

async function readError(response: Response): Promise<NavigationSaveError> {
  const body: unknown = await response.json().catch(() => null);
  const error = (body as { error?: { message?: unknown; param?: unknown } } | null)?.error;
  const message = typeof error?.message === 'string' ? error.message : `HTTP ${response.status}`;
  return new NavigationSaveError(message, typeof error?.param === 'string' ? error.param : undefined);
}

export async function loadNavigationConfig(signal?: AbortSignal): Promise<NavigationConfigAnswer> {
  const response = await fetch('/api/navigation/config', { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw await readError(response);
  return navigationConfigAnswer.parse(await response.json());
}

/** The editor's text as a document, or the JSON syntax error (checked here; the rules on the server). */
export function parseDocument(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

export function formatDocument(config: NavigationConfig | NavigationConfigAnswer['config']): string {
  return JSON.stringify(config, null, 2);
}

export async function saveNavigationConfig(document: unknown): Promise<NavigationConfigAnswer> {
  const response = await fetch('/api/navigation', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(document),
  });
  if (!response.ok) throw await readError(response);
  return navigationConfigAnswer.parse(await response.json());
}
