import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_TEXT, type ErrorCode } from '@payshelf/api';
import { z } from 'zod';
import { MESSAGES, type MessageKey, type MessageValues } from './error-catalog.js';

/** Catalog keys whose only placeholder is `{id}` ("No such price: '{id}'"). */
type MissingKey = {
  [K in MessageKey]: [keyof MessageValues<K>] extends ['id']
    ? 'id' extends keyof MessageValues<K>
      ? K
      : never
    : never;
}[MessageKey];
import { fillTemplate, localizeMessage, requestLocale, type MessageLocale } from './error-locale.js';
import { wireCode, type LegacyErrorCode } from './legacy-codes.js';

/** A code a throw site may name: one of the API's codes, or an old UPPER_CASE one the adapter renames. */
export type ThrownCode = ErrorCode | LegacyErrorCode;

export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'idempotency_error'
  | 'rate_limit_error'
  | 'api_error';

const STATUS: Record<ErrorType, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  idempotency_error: 409,
  rate_limit_error: 429,
  api_error: 500,
};

/**
 * The one error every endpoint answers with: `{ error: { type, code, message, param? } }`. Its code is
 * always one of the API's codes (the compiler refuses any other), so every answer has an English and a
 * Chinese text in the catalog of @payshelf/api.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  /** What the message was built from (e.g. a money rule's min and max), to rebuild it in another language. */
  values?: Readonly<Record<string, string>>;
  /** The catalog entry the message comes from (`ApiError.of`), looked up again in the answer's language. */
  messageKey?: MessageKey;

  constructor(
    readonly type: ErrorType,
    code: ThrownCode,
    message: string,
    readonly param?: string,
    readonly status: number = STATUS[type],
  ) {
    super(message);
    this.code = wireCode(code);
  }

  /** Marks the message as the catalog's `key` filled with `values` (for codes chosen at run time, e.g. money rules). */
  withMessage(key: MessageKey, values: Readonly<Record<string, string>> = {}): this {
    this.messageKey = key;
    this.values = values;
    return this;
  }

  /**
   * The error of a catalog entry: its code and type, the message its English text filled with
   * `values` (every placeholder needs one, checked by the compiler); answered in the request's
   * language by looking the key up again, never by parsing the English text.
   */
  static of<K extends MessageKey>(
    key: K,
    values: MessageValues<K>,
    options: { param?: string; status?: number } = {},
  ): ApiError {
    const entry: { code: ErrorCode; type?: ErrorType; en: string } = MESSAGES[key];
    const filled: Readonly<Record<string, string>> = values;
    const type = entry.type ?? 'invalid_request_error';
    return new ApiError(
      type,
      entry.code,
      fillTemplate(entry.en, filled),
      options.param,
      options.status ?? STATUS[type],
    ).withMessage(key, filled);
  }

  /**
   * "No such <kind>: '<id>'": a 404 for the object a path names, or a 400 naming `param` when the id
   * came in the request body (the id is cut to 100 characters in the 404, which echoes the path).
   */
  static missing(key: MissingKey, id: string, param?: string): ApiError {
    if (!param) return ApiError.of(key, { id: id.slice(0, 100) });
    const found = ApiError.of(key, { id });
    return new ApiError('invalid_request_error', found.code, found.message, param).withMessage(key, { id });
  }

  toJSON() {
    return this.body('en');
  }

  /** The one shape; `locale` only changes `message`, for codes in the error catalog. */
  body(locale: MessageLocale) {
    return {
      error: {
        type: this.type,
        code: this.code,
        message: this.localized(locale),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }

  private localized(locale: MessageLocale): string {
    if (locale === 'en') return this.message;
    if (this.messageKey) return fillTemplate(MESSAGES[this.messageKey][locale], this.values ?? {});
    const own = localizeMessage(locale, this.code, this.message);
    if (own !== undefined) return own;
    // No translation of this very message: the code's own text, with the English detail after it.
    const text = ERROR_TEXT[this.code];
    return this.message === text.en ? text[locale] : `${text[locale]}（${this.message}）`;
  }

  static badRequest(code: ThrownCode, message: string, param?: string) {
    return new ApiError('invalid_request_error', code, message, param);
  }
  static notFound(message = 'No such resource', code: ThrownCode = 'resource_missing') {
    return new ApiError('not_found_error', code, message);
  }
  static unauthenticated(message = 'Sign in first') {
    return new ApiError('authentication_error', 'unauthenticated', message);
  }
  static forbidden(message = 'You are not allowed to do this') {
    return new ApiError('permission_error', 'forbidden', message);
  }
  static conflict(code: ThrownCode, message: string, status = 409) {
    return new ApiError('invalid_request_error', code, message, undefined, status);
  }
}

/** Turns a zod failure into the one error shape, naming the first offending field in `param`. */
export function fromZodError(error: z.ZodError, where: 'body' | 'query' | 'params'): ApiError {
  const first = error.issues[0];
  const param = first && first.path.length > 0 ? first.path.join('.') : undefined;
  const details = error.issues.map((i) => `${i.path.join('.') || where}: ${i.message}`).join('; ');
  return ApiError.badRequest('parameter_invalid', `Validate failed: ${details}`, param);
}

export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'body' | 'query' | 'params',
): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw fromZodError(result.error, where);
  return result.data;
}

/**
 * PostgreSQL errors that say nothing about the request: no connection free within the pool's wait,
 * the server shutting down or restarting (57P01-57P03), refused or reset connections, a deadlock victim
 * (40P01) or a serialization failure (40001). The same request may succeed a moment later.
 */
export function isTransientDatabaseError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as Error & { code?: unknown }).code;
  if (typeof code === 'string' && /^(57P0[1-3]|40P01|40001|ECONNREFUSED|ECONNRESET|EPIPE)$/.test(code))
    return true;
  return /timeout exceeded when trying to connect|Connection terminated/.test(err.message);
}

/** The code of a 4xx the framework itself refused (a body it cannot parse, too large, a bad media type…). */
function frameworkCode(status: number): ErrorCode {
  if (status === 404) return 'resource_missing';
  if (status === 413) return 'payload_too_large';
  if (status === 414) return 'uri_too_long';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  return 'parameter_invalid';
}

/**
 * Errors the web framework raises before a route runs, answered with the API's own codes and
 * messages (a client never sees Fastify's internal names such as FST_ERR_CTP_EMPTY_JSON_BODY).
 */
type BodyErrorKey =
  'body_empty' | 'body_invalid_json' | 'body_too_large' | 'body_media_type' | 'body_invalid_length';
const FRAMEWORK_ERRORS: Readonly<Record<string, BodyErrorKey>> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body_empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'body_invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'body_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'body_invalid_length',
};

/** Installs the error and not-found handlers: clients see the one shape and never a stack trace. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError | Error, request, reply) => {
    const locale = requestLocale(request);
    if (err instanceof ApiError) {
      if (err.status >= 500) request.log.error({ err }, 'request failed');
      return reply.status(err.status).send(err.body(locale));
    }
    if (err instanceof z.ZodError) return reply.status(400).send(fromZodError(err, 'body').toJSON());
    const fe = err as FastifyError;
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 400 && status < 500) {
      const type: ErrorType =
        status === 429 ? 'rate_limit_error' : status === 404 ? 'not_found_error' : 'invalid_request_error';
      const known = fe.code ? FRAMEWORK_ERRORS[fe.code] : undefined;
      const error = known
        ? ApiError.of(known, {}, { status })
        : new ApiError(type, frameworkCode(status), fe.message, undefined, status);
      return reply.status(status).send(error.body(locale));
    }
    if (isTransientDatabaseError(err)) {
      // Nothing was wrong with the request: the database is busy, restarting or chose this transaction
      // as a deadlock victim. Say so, and when to try again, instead of a bare 500.
      request.log.warn({ err }, 'database unavailable for this request');
      reply.header('retry-after', '1');
      return reply
        .status(503)
        .send(
          new ApiError(
            'api_error',
            'service_unavailable',
            'Busy right now; try again in a moment',
            undefined,
            503,
          ).body(locale),
        );
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send(new ApiError('api_error', 'internal_error', 'Something went wrong on our side').body(locale));
  });
}
