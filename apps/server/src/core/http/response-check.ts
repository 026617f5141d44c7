import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { ApiError } from './errors.js';

/**
 * With PAYSHELF_CHECK_RESPONSES (tests and e2e), a route's answer must match its declared response
 * schema as the client receives it (after JSON). A mismatch is logged with the route and the zod
 * issues and becomes a 500 `response_mismatch` naming them, so a test sees it at once.
 */
export function checkResponse(
  route: { method: string; path: string; response: z.ZodType },
  answer: unknown,
  log: FastifyBaseLogger,
): void {
  const sent: unknown = answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
  const result = route.response.safeParse(sent);
  const issues = result.success
    ? undeclared(sent, result.data, []).map((path) => `${path}: not in the schema`)
    : result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  if (issues.length === 0) return;
  const where = `${route.method} ${route.path}`;
  log.error({ route: where, issues }, 'answer does not match its response schema');
  const text = issues.slice(0, 5).join('; ');
  throw new ApiError('api_error', 'response_mismatch', `${where} answered outside its schema: ${text}`);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Fields the answer carries that the schema does not declare (zod objects drop them silently): an
 * undeclared field is data the contract never promised, e.g. personal data leaking into a public view.
 */
function undeclared(sent: unknown, parsed: unknown, path: string[]): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, i) => undeclared(item, parsed[i], [...path, String(i)]));
  }
  if (!isRecord(sent) || !isRecord(parsed)) return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    key in parsed ? undeclared(value, parsed[key], [...path, key]) : [[...path, key].join('.')],
  );
}
