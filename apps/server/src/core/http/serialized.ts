import type { FastifyReply } from 'fastify';

/**
 * An answer already serialised to JSON (kept in a cache so a repeated answer skips JSON.stringify).
 * Anything that serialises it again (JSON.stringify, the response check) sees the same value.
 */
export class SerializedAnswer {
  constructor(readonly json: string) {}

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
    return reply.type('application/json; charset=utf-8').send(answer.json);
  return reply.send(answer);
}
