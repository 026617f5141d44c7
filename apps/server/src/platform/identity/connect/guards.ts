import type { ConnectRequest } from '@arcblock/did-connect-js';
import * as Jwt from '@arcblock/jwt';
import { z } from 'zod';
import type { ConnectMiddleware } from './adapter.js';
import { checkAnswerTimes } from './timestamps.js';

/** States after which the wallet has nothing more to say: answers are refused, not re-processed. */
const TERMINAL = new Set(['succeed', 'error', 'forbidden', 'busy']);

const context = z.object({
  token: z.string(),
  locale: z.string(),
  store: z.looseObject({ status: z.string(), challenge: z.string().optional() }),
});
export type ConnectContext = z.infer<typeof context>;

/** The state ensureContext loaded; null when the token is missing or expired. */
export function contextOf(req: ConnectRequest): ConnectContext | null {
  const parsed = context.safeParse(req.context);
  return parsed.success ? parsed.data : null;
}

const MESSAGES = {
  finished: { en: 'This request was already answered', zh: '该请求已完成，请重新扫码' },
  badSignature: { en: 'Invalid signature', zh: '签名无效' },
  badChallenge: { en: 'Challenge mismatch', zh: '随机校验码不匹配' },
  badFormat: { en: 'Unsupported answer', zh: '无法识别的应答' },
};
type MessageKey = keyof typeof MESSAGES;

function message(req: ConnectRequest, key: MessageKey): string {
  const locale = contextOf(req)?.locale === 'zh' ? 'zh' : 'en';
  return MESSAGES[key][locale];
}

/**
 * Refuses to serve or accept anything for a finished token. Without it the library would, on a late
 * scan, set a finished token back to `scanned` (un-forbidding it), and would run onAuth again for a
 * replayed answer.
 */
export const refuseFinished: ConnectMiddleware = (req, res, next) => {
  const ctx = contextOf(req);
  if (ctx && TERMINAL.has(ctx.store.status)) return res.jsonp({ error: message(req, 'finished') });
  next();
};

const answerBody = z.object({ userPk: z.string().min(1), userInfo: z.string().min(1) });

/**
 * Checks an answer before the library sees it, so a forged or stale answer changes nothing: the
 * signature must verify against the key sent with it, the JWT must carry bounded timestamps, and the
 * challenge must be the one this step issued. (The library checks the first and last again, but
 * marks the token failed when they are wrong, which would let anyone who knows a token spoil it.)
 */
export const checkAnswer: ConnectMiddleware = async (req, res, next) => {
  const ctx = contextOf(req);
  const body = answerBody.safeParse(req.body);
  if (!ctx || !body.success) return res.jsonp({ error: message(req, 'badFormat') });
  let decoded: Record<string, unknown>;
  try {
    decoded = Jwt.decode(body.data.userInfo, true);
  } catch {
    return res.jsonp({ error: message(req, 'badFormat') });
  }
  if (!(await Jwt.verify(body.data.userInfo, body.data.userPk))) {
    return res.jsonp({ error: message(req, 'badSignature') });
  }
  const times = checkAnswerTimes(decoded, Math.floor(Date.now() / 1000));
  if (!times.ok) return res.jsonp({ error: times.reason });
  // Declines and busy answers carry the challenge too: without it any wallet could end someone's flow.
  if (decoded.challenge !== ctx.store.challenge) {
    return res.jsonp({ error: message(req, 'badChallenge') });
  }
  next();
};
