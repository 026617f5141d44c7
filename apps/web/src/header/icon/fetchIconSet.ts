/** SPEC.md section 9, icon library defaults. */
export const ICON_TIMEOUT_MS = 2000;
export const ICON_ROTATE_MS = 750;
export const ICON_MAX_URL = 500;

/** Our own server first (it serves bundled sets, no outside network), then the public Iconify hosts. */
export const ICON_HOSTS = [
  '/.well-known/service/icons',
  'https://api.iconify.design',
  'https://api.simplesvg.com',
  'https://api.unisvg.com',
] as const;

export type IconSetResult = { status: 'ok'; data: unknown } | { status: 'notFound' } | { status: 'failed' };

export interface FetchIconSetOptions {
  hosts?: readonly string[];
  fetchFn?: typeof fetch;
  timeoutMs?: number;
  rotateMs?: number;
}

/** Splits icon names into groups whose request URL stays within the limit on the longest host. */
export function chunkIconNames(
  prefix: string,
  names: readonly string[],
  hosts: readonly string[] = ICON_HOSTS,
): string[][] {
  const longestHost = Math.max(...hosts.map((h) => h.length));
  const budget = ICON_MAX_URL - longestHost - `/${prefix}.json?icons=`.length;
  const chunks: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const name of names) {
    const extra = (current.length > 0 ? 1 : 0) + name.length;
    if (current.length > 0 && length + extra > budget) {
      chunks.push(current);
      current = [];
      length = 0;
    }
    length += current.length > 0 ? 1 + name.length : name.length;
    current.push(name);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export function iconSetPath(prefix: string, names: readonly string[]): string {
  return `/${encodeURIComponent(prefix)}.json?icons=${names.map(encodeURIComponent).join(',')}`;
}

/**
 * Loads one set path from the hosts in turn: the next host is tried when the current one has not
 * answered within `rotateMs` or answers a non-200 status; 404 stops everything; after `timeoutMs` the
 * load fails. The first good answer wins and the others are aborted.
 */
export function fetchIconSet(path: string, options: FetchIconSetOptions = {}): Promise<IconSetResult> {
  const hosts = options.hosts ?? ICON_HOSTS;
  const fetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));
  return new Promise((resolve) => {
    const controllers: AbortController[] = [];
    let next = 0;
    let pending = 0;
    let done = false;
    let rotateTimer: ReturnType<typeof setTimeout> | undefined;

    const finish = (result: IconSetResult) => {
      if (done) return;
      done = true;
      clearTimeout(rotateTimer);
      clearTimeout(timeout);
      for (const controller of controllers) controller.abort();
      resolve(result);
    };
    const timeout = setTimeout(() => finish({ status: 'failed' }), options.timeoutMs ?? ICON_TIMEOUT_MS);

    const tryNext = () => {
      clearTimeout(rotateTimer);
      if (done) return;
      const host = hosts[next];
      if (host === undefined) {
        if (pending === 0) finish({ status: 'failed' });
        return;
      }
      next += 1;
      pending += 1;
      const controller = new AbortController();
      controllers.push(controller);
      rotateTimer = setTimeout(tryNext, options.rotateMs ?? ICON_ROTATE_MS);
      fetchFn(`${host}${path}`, { signal: controller.signal }).then(
        async (response) => {
          pending -= 1;
          if (done) return;
          if (response.status === 404) return finish({ status: 'notFound' });
          if (!response.ok) return tryNext();
          try {
            finish({ status: 'ok', data: await response.json() });
          } catch {
            finish({ status: 'failed' });
          }
        },
        () => {
          pending -= 1;
          tryNext();
        },
      );
    };
    tryNext();
  });
}
