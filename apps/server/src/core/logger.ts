import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/** Structured JSON logs; secrets that may appear in requests are redacted. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.secret',
      ],
      censor: '[redacted]',
    },
  });
}
