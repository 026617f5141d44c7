// The platform's calls (identity, account, navigation, members): each one an entry of the platform's
// route table (@payshelf/api), whose paths are absolute (`/api/session`), with the session cookie; the
// answer is parsed by the entry's own schema and a failure throws `ApiCallError` (an Error carrying the
// server's message, code and field).
import { callRoute, type AnswerOf, type CallableRoute, type CallInput } from '@payshelf/api';

export function platformCall<E extends CallableRoute>(
  entry: E,
  input: CallInput<E>,
  signal?: AbortSignal,
): Promise<AnswerOf<E>> {
  return callRoute(entry, input, { base: '', signal });
}
