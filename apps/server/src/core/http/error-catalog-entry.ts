import type { ErrorCode } from '@payshelf/api';

/** One catalog entry: the API code and type of an error and its message in English and Chinese. */
export interface CatalogEntry {
  readonly code: ErrorCode;
  /** The API error type; invalid_request_error (400) when left out. */
  readonly type?:
    | 'invalid_request_error'
    | 'authentication_error'
    | 'permission_error'
    | 'not_found_error'
    | 'idempotency_error'
    | 'rate_limit_error'
    | 'api_error';
  readonly en: string;
  readonly zh: string;
}
