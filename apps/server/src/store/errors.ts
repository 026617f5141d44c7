import { ApiError } from '../core/http/errors.js';
import type { MessageKey, MessageValues } from '../core/http/error-catalog.js';

/** A catalogued store error (answered in en or zh) with its own status, e.g. 409 for a conflict. */
export function storeError<K extends MessageKey>(
  key: K,
  values: MessageValues<K>,
  status?: number,
): ApiError {
  const base = ApiError.of(key, values);
  if (status === undefined) return base;
  return new ApiError(base.type, base.code, base.message, undefined, status).withMessage(key, values);
}
