import type { FastifyReply } from 'fastify';

/**
 * An answer already serialised to JSON (kept in a cache so a repeated answer skips JSON.stringify).
 * Anything that serialises it again (JSON.stringify, the response check) sees the same value.
 */
export class SerializedAnswer {
  private encoded: Buffer | null = null;

  constructor(readonly json: string) {}

  /** The JSON as bytes, encoded on first use and kept (a cached answer is sent again and again). */
  get bytes(): Buffer {
    this.encoded ??= Buffer.from(this.json);
    return this.encoded;
  }

  static of(value: unknown): SerializedAnswer {
    return new SerializedAnswer(JSON.stringify(value));
  }

  toJSON(): unknown {
    return JSON.parse(this.json) as unknown;
  }
}

/**
 * What a route's run resolves to when its handler sent the reply itself (a file). Never the reply
 * object: a Fastify reply is a thenable, so awaiting it would wait for the response and yield undefined.
 */
export const REPLY_SENT: unique symbol = Symbol('reply sent');

/** Sends a route's answer: a SerializedAnswer as its JSON text, anything else through Fastify's serialiser. */
export function sendAnswer(reply: FastifyReply, answer: unknown): FastifyReply {
  if (answer === REPLY_SENT) return reply;
  if (answer instanceof SerializedAnswer)
    return reply.type('application/json; charset=utf-8').send(answer.bytes);
  return reply.send(answer);
}
