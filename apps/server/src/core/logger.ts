import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/**
 * Structured JSON logs; secrets that may appear in requests are redacted. Lines are written
 * asynchronously (buffered, flushed by pino when the process exits), so logging never blocks a request.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino(
    {
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
    },
    pino.destination({ sync: false }),
  );
}

/**
 * One line per request, when it completes (method, url, status, ms), instead of Fastify's two
 * (incoming + completed); failures still log with their error.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  }
}
