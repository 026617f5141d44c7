import { expect } from 'vitest';

interface Operation {
  operationId?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Array<{ name: string; in: string }>;
  responses?: Record<string, unknown>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

/**
 * The conventions every part's document keeps: a unique operationId per operation; 400 declared on
 * each (bad input), 401 and 403 where a caller is needed, 404 where the path names an object; and the
 * `Idempotency-Key` header on each write `honoursKey` says accepts one.
 */
export function checkOperations(
  doc: OpenApiDoc,
  honoursKey: (method: string, op: Operation) => boolean,
): number {
  const ids = new Set<string>();
  let count = 0;
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const where = `${method.toUpperCase()} ${path}`;
      count += 1;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId ?? ''), `${where}: operationId used twice`).toBe(false);
      ids.add(op.operationId ?? '');
      const codes = Object.keys(op.responses ?? {});
      expect(codes, where).toContain('400');
      const open = (op.security ?? []).some((s) => Object.keys(s).length === 0);
      if (!open) expect(codes, where).toEqual(expect.arrayContaining(['401', '403']));
      if (path.includes('{')) expect(codes, where).toContain('404');
      const headers = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
      if (method !== 'get' && honoursKey(method, op)) expect(headers, where).toContain('Idempotency-Key');
    }
  }
  return count;
}
