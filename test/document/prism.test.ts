// Prism, really started on 127.0.0.1 with the bundled document, answers what the document says.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validators } from "../../generated/validators.js";
import { deref, loadDocument, operations, type Example } from "../helpers/project.js";
import { startPrism, type Prism } from "../helpers/prism.js";

const document = loadDocument();
const JSON_MEDIA = "application/json";
// Prism checks that the three headers are present, not what they hold.
const authHeaders = { "X-TXC-APIKEY": "key", "X-TXC-PAYLOAD": "payload", "X-TXC-SIGNATURE": "signature" };
const httpOperations = operations(document).filter((entry) => !entry.webhook);

let prism: Prism;
beforeAll(async () => {
  prism = await startPrism();
});
afterAll(async () => {
  await prism?.stop();
});

function firstExample(examples: Record<string, Example> | undefined): unknown {
  const [first] = Object.values(examples ?? {});
  return first && deref<Example>(document, first).value;
}

/** The validator of the response declared for a status: the exact code, else its range such as 4XX. */
function responseValidator(operationId: string, status: number) {
  const responses = validators[operationId as keyof typeof validators].responses as Record<string, (data: unknown) => boolean>;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`];
}

async function call(path: string, method: string, body?: unknown, headers: Record<string, string> = authHeaders) {
  const response = await fetch(prism.baseUrl + path, {
    method: method.toUpperCase(),
    headers: body === undefined ? headers : { ...headers, "Content-Type": JSON_MEDIA },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe("Prism mock of the bundled document", () => {
  it.each(httpOperations.map((e) => [e.operation.operationId, e] as const))(
    "%s answers its documented example with 200",
    async (operationId, { path, method, operation }) => {
      const requestExample = firstExample(operation.requestBody?.content[JSON_MEDIA].examples);
      const { status, body } = await call(path, method, requestExample);
      expect(status).toBe(200);
      const documented = deref(document, operation.responses["200"]).content![JSON_MEDIA];
      expect(body).toEqual(firstExample(documented.examples));
      expect(responseValidator(operationId, status)(body)).toBe(true);
    },
  );

  const privateOperations = httpOperations.filter((e) => e.operation.requestBody);
  it.each(privateOperations.map((e) => [e.operation.operationId, e] as const))(
    "%s answers a schema-violating body with the documented 400",
    async (operationId, { path, method, operation }) => {
      const { status, body } = await call(path, method, { request: path, nonce: 1, unexpected: true });
      // The mining endpoint declares 4XX too (the description does not give the status of its
      // validation error), and Prism prefers 422 when the document allows it.
      expect(status).toBe(operation.responses["4XX"] ? 422 : 400);
      expect(responseValidator(operationId, status)(body)).toBe(true);
    },
  );

  it("answers 401 when the signature headers are missing", async () => {
    const { status } = await call("/api/v4/main-account/balance", "post", { request: "/api/v4/main-account/balance", nonce: "1" }, {});
    expect(status).toBe(401);
  });
});
