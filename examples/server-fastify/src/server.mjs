// The API in Fastify 5: Fastify keeps the server, txc-api/server answers /api/v4/*. The signature
// covers the body's bytes as sent, so the body is kept raw (parseAs: "buffer") and never parsed
// and serialised again; the kit parses it after checking it.
import Fastify from "fastify";
import { createApi } from "./api.mjs";

const api = createApi();
const app = Fastify();
// Every content type kept as bytes: a body sent as text/plain gets the document's 400, not Fastify's 415.
app.removeAllContentTypeParsers();
app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

app.all("/api/v4/*", async (request, reply) => {
  const answer = await api.handle({
    method: request.method,
    path: request.url.replace(/\?.*/s, ""),
    headers: request.headers,
    rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    address: request.ip,
  });
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
});

await app.listen({ port: Number(process.env.PORT ?? 8080), host: "127.0.0.1" });
console.log(`listening on http://127.0.0.1:${app.server.address().port}`);
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
