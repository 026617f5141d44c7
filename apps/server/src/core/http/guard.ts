import {
  inspectJson,
  jsonTooDeep,
  MAX_JSON_DEPTH,
  MAX_PARAM_LENGTH,
  MAX_QUERY_LENGTH,
  textProblem,
} from '@payshelf/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

const invalid = (message: string, param?: string) => ApiError.badRequest('parameter_invalid', message, param);

function checkText(value: string, where: string, max: number): void {
  const problem = textProblem(value);
  if (problem) throw invalid(`${where}: ${problem}`, where);
  if (value.length > max) throw invalid(`${where}: must be at most ${max} characters`, where);
}

/**
 * Path parameters and query values: storable text of bounded length (keys included). A wildcard path
 * (`*`, e.g. the analytics beacon's page path) may be as long as a query value; its route shortens it.
 */
function checkUrl(request: FastifyRequest): void {
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string') checkText(value, name, name === '*' ? MAX_QUERY_LENGTH : MAX_PARAM_LENGTH);
  }
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    checkText(name, 'query', MAX_PARAM_LENGTH);
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') checkText(item, name, MAX_QUERY_LENGTH);
    }
  }
}

/**
 * The input rules at the edge, before any route runs (one 400 in the one error shape instead of a
 * database or stack failure later): JSON bodies nest at most MAX_JSON_DEPTH deep (counted on the raw
 * text, before anything walks it) and hold only text PostgreSQL can store (no NUL, no lone
 * surrogates, keys included); path parameters and query values follow the same text rule and have a
 * bounded length.
 */
export function installRequestGuard(app: FastifyInstance): void {
  // Fastify's own parser (proto-poisoning refused), which answers through its callback.
  const parseJson = app.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: (err: Error | null, body?: unknown) => void,
  ) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const raw = typeof text === 'string' ? text : text.toString('utf8');
    if (jsonTooDeep(raw, MAX_JSON_DEPTH)) {
      done(invalid(`body: must nest at most ${MAX_JSON_DEPTH} levels deep`), undefined);
      return;
    }
    parseJson(request, raw, (err, body) => {
      if (err) return done(err, undefined);
      const problem = inspectJson(body, MAX_JSON_DEPTH);
      if (problem) {
        const param = problem.path.join('.') || undefined;
        return done(invalid(`${param ?? 'body'}: ${problem.message}`, param), undefined);
      }
      done(null, body);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkUrl(request);
      if (typeof request.body === 'string') checkText(request.body, 'body', Number.POSITIVE_INFINITY);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}
