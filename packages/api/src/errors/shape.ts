import { z } from 'zod';
import { errorCode } from './codes.js';

export const errorType = z.enum([
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'not_found_error',
  'idempotency_error',
  'rate_limit_error',
  'api_error',
]);

/** The one error shape every endpoint answers with. */
export const errorBody = z.object({
  error: z.object({
    type: errorType,
    code: errorCode,
    message: z.string(),
    param: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
