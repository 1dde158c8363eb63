// The docs page signs with the package's body rule and signature: its script (bundled as the page
// bundles it) run here on Node's WebCrypto, its requests checked by the package's own verifier.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, expect, it } from "vitest";
import { operationIndex, signing } from "../../generated/operations.js";
import { root } from "../helpers/project.js";
import { signRequest } from "../../src/index.js";
import { NONCE_FIELD, PATH_FIELD } from "../../src/signing/body.js";

type PageSigning = { signedRequest: (operation: unknown, fields: object, credentials: { key: string; secret: string }, signing: unknown) => Promise<{ headers: Record<string, string>; body: string }> };

const dir = mkdtempSync(path.join(tmpdir(), "txc-page-signing-"));
let page: PageSigning;
beforeAll(async () => {
  const outfile = path.join(dir, "signing.mjs");
  await build({ entryPoints: [path.join(root, "scripts", "docs-assets", "signing.js")], bundle: true, format: "esm", platform: "browser", outfile, logLevel: "warning" });
  page = await import(pathToFileURL(outfile).href);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const signedOperation = Object.values(operationIndex).find((operation) => operation.signed)!;
const credentials = { key: "page-key", secret: "pägé secret" };

it("signs as the client does: the same headers for the same body, non-ASCII fields included", async () => {
  const { headers, body } = await page.signedRequest(signedOperation, { note: "Grüße ✓" }, credentials, signing);
  const parsed = JSON.parse(body);
  const client = signRequest({ path: signedOperation.path, body: { note: "Grüße ✓" }, apiKey: credentials.key, apiSecret: credentials.secret, nonce: parsed[NONCE_FIELD] });
  expect(body).toBe(client.body);
  expect(headers).toEqual(client.headers);
});

it("sets request and nonce over fields of those names, as the package's body rule does", async () => {
  const { body } = await page.signedRequest(signedOperation, { [PATH_FIELD]: "/api/v4/elsewhere", [NONCE_FIELD]: "1" }, credentials, signing);
  const parsed = JSON.parse(body);
  expect(parsed[PATH_FIELD]).toBe(signedOperation.path);
  expect(Number(parsed[NONCE_FIELD])).toBeGreaterThan(1);
  expect(Object.keys(parsed).slice(0, 2)).toEqual([PATH_FIELD, NONCE_FIELD]);
});
