/**
 * Query parameters whose values are credentials: sign-in link signatures (`_s_`) and tokens (`_t_`,
 * `authToken`, …), keys, secrets, signatures, codes and passwords.
 */
const SECRET_PARAM = /^(_s_|_t_|sig|signature|.*token|.*key|.*secret|password|code)$/i;
export const REDACTED = '[redacted]';

/** The URL with the value of every credential-like query parameter replaced, for logs. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // keep the raw name
      }
      return eq >= 0 && SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** drizzle's failed query: "Failed query: <sql>\nparams: <every bound value>". */
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

type Serialized = Record<string, unknown>;

/**
 * A serialized error without bound SQL parameters (customer names, emails, amounts): drops drizzle's
 * `params` and its "params:" line from message and stack, and PostgreSQL's `detail`, which quotes
 * the values of a violated key. Applies along the `cause` chain too.
 */
export function withoutSqlValues(value: Serialized, depth = 0): Serialized {
  if (depth > 5) return value;
  const out: Serialized = { ...value };
  if ('params' in out) out.params = REDACTED;
  if (typeof out.detail === 'string') out.detail = REDACTED;
  for (const field of ['message', 'stack'] as const) {
    const text = out[field];
    if (typeof text === 'string') out[field] = text.replace(PARAMS_LINE, `\nparams: ${REDACTED}`);
  }
  const cause = out.cause;
  if (cause && typeof cause === 'object') out.cause = withoutSqlValues(cause as Serialized, depth + 1);
  return out;
}
