import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';
import { redactUrl, withoutSqlValues } from './log-redact.js';

/**
 * Structured JSON logs; secrets that may appear in requests are redacted: credential headers, the
 * values of credential-like query parameters in logged URLs (sign-in link signatures, tokens, keys),
 * and the bound parameters of failed SQL (customer names and emails). Lines are written asynchronously
 * (buffered, flushed by pino when the process exits), so logging never blocks a request.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
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
    serializers: {
      // Fastify's request serializer, with the URL's credentials redacted.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (err: Error) => withoutSqlValues(pino.stdSerializers.err(err)),
    },
  };
  return pino(options, destination ?? pino.destination({ sync: false }));
}

/**
 * One line per request, when it completes (method, url with credentials redacted, status, ms), instead
 * of Fastify's two (incoming + completed). A request answered 2xx/3xx faster than `slowMs` is logged at
 * debug, so at the default level (info) only refusals, failures and slow requests cost a log line; failures
 * still log with their error.
 */
export class OneLineRequestLog extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

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
    const ms = reply.elapsedTime;
    const level = reply.statusCode >= 400 || ms >= this.slowMs ? 'info' : 'debug';
    // `silent` has no value in pino's table: nothing is logged.
    const enabled = pino.levels.values[reply.log.level] ?? Number.POSITIVE_INFINITY;
    if (enabled > (pino.levels.values[level] ?? 0)) return;
    reply.log[level](
      {
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(ms * 10) / 10,
      },
      'request',
    );
  }
}
