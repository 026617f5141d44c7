// The bare baseline of the HTTP benches: a plain Fastify in its own process, answering each route with
// the content Payshelf answered (recorded by the bench). A JSON answer is kept as the parsed object and
// serialised per request, as a handler returning an object would be; an HTML answer is the same string.
// Reads its routes as JSON on stdin ([{ method, url, type, body }]) and prints its base URL when listening.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const routes = JSON.parse(readFileSync(0, 'utf8'));
const app = Fastify();
for (const route of routes) {
  const json = route.type.startsWith('application/json');
  const object = json ? JSON.parse(route.body) : null;
  app.route({
    method: route.method,
    url: route.url,
    handler: (_request, reply) => {
      if (json) return reply.code(route.status).send(object);
      return reply.code(route.status).type(route.type).send(route.body);
    },
  });
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
