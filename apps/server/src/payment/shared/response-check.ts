import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { ApiError } from '../../core/http/errors.js';

/**
 * With PAYSHELF_CHECK_RESPONSES (tests and e2e), a route's answer must match its declared response
 * schema as the client receives it (after JSON). A mismatch is logged with the route and the zod
 * issues and becomes a 500 `response_mismatch` naming them, so a test sees it at once.
 */
export function checkResponse(
  route: { method: string; url: string; response: z.ZodType },
  answer: unknown,
  log: FastifyBaseLogger,
): void {
  const sent: unknown = answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
  const result = route.response.safeParse(sent);
  if (result.success) return;
  const issues = result.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  const where = `${route.method} ${route.url}`;
  log.error({ route: where, issues: result.error.issues }, 'answer does not match its response schema');
  throw new ApiError('api_error', 'response_mismatch', `${where} answered outside its schema: ${issues}`);
}
