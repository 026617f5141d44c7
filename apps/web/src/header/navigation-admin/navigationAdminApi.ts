import {
  ApiCallError,
  platformNavigationRoutes as routes,
  type AnswerOf,
  type NavigationConfig,
} from '@payshelf/api';
import { platformCall } from '../../platform/api/platformCall';

export type NavigationConfigAnswer = AnswerOf<typeof routes.config>;

/** A refused save: the server's message and, when it names one, the offending path in the document. */
export class NavigationSaveError extends Error {
  constructor(
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** A failed call as the editor shows it: the server's message and the field it names. */
function saveError(err: unknown): unknown {
  return err instanceof ApiCallError ? new NavigationSaveError(err.message, err.param) : err;
}

export async function loadNavigationConfig(signal?: AbortSignal): Promise<NavigationConfigAnswer> {
  return platformCall(routes.config, {}, signal).catch((err: unknown) => {
    throw saveError(err);
  });
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
  return platformCall(routes.update, { body: document as NavigationConfig }).catch((err: unknown) => {
    throw saveError(err);
  });
}
