// The package as other repos get it: packed, installed into a fresh project (from the npm cache where it can), type-checked
// under node16 and bundler resolution, and run with node against a server this test starts.
import { execFile, spawn } from "node:child_process";
import { closeSync, cpSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { builtInDataset, demoKeys } from "../../src/sandbox/dataset.js";
import { createSandbox } from "../../src/sandbox/server.js";
import { freePort, startProcess } from "../helpers/processes.js";
import { typeChecker } from "../helpers/type-check.js";
import { bin, generatedDir, root, STUCK_MS } from "../helpers/project.js";
import { expectStated, statedBundle, statedInstall, statedModuleFiles, statedServedPage } from "../helpers/stated-sizes.js";

const run = promisify(execFile);
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const quickStartText = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("\n## ", readme.indexOf("## Quick start") + 1));
const quickStart = {
  firstCall: /```ts\n([\s\S]*?)```/.exec(quickStartText)![1]!,
  command: /^TXC_API_KEY=(\S+) TXC_API_SECRET=(\S+) node first-call\.mjs$/m.exec(quickStartText)!,
};
const project = mkdtempSync(path.join(tmpdir(), "txc-consumer-"));
const types = typeChecker(project);

const compilerOptions = (module: string, moduleResolution: string, emit = false, target = "ES2022") => ({
  target, module, moduleResolution, strict: true, types: ["node"], skipLibCheck: false, resolveJsonModule: true, esModuleInterop: true,
  ...(emit ? { outDir: "build" } : { noEmit: true }),
});
const CHECKED = ["types-only.ts", "client.ts", "middleware.ts", "narrowing.ts"];
const programs = {
  node16: { compilerOptions: compilerOptions("node16", "node16"), files: [...CHECKED, "document-default.ts"] },
  bundler: { compilerOptions: compilerOptions("esnext", "bundler"), files: [...CHECKED, "document-esm.ts"] },
  // node10 knows no "exports": typesVersions must map every subpath. Type-only: the package is ESM.
  node10: { compilerOptions: compilerOptions("commonjs", "node10"), files: ["types-only.ts", "middleware.ts", "narrowing.ts", "document-default.ts"] },
  // CommonJS output: nodenext lets a .cts file import the ESM package (require(esm), Node >= 20.19).
  cjs: { compilerOptions: compilerOptions("nodenext", "nodenext"), files: ["cjs-user.cts"] },
  // An ES2020 target brings the ES2020 lib: every public declaration must compile with it.
  es2020: { compilerOptions: compilerOptions("node16", "node16", false, "ES2020"), files: ["everything.ts"] },
  misuse: { compilerOptions: compilerOptions("node16", "node16"), files: ["misuse.ts"] },
  emit: { compilerOptions: compilerOptions("node16", "node16", true), files: ["client.ts"], emit: true },
  // The README's first call as printed in its quick start, under the flags of @tsconfig/strictest.
  strictest: {
    compilerOptions: {
      target: "ES2022", module: "nodenext", moduleResolution: "nodenext", types: ["node"], noEmit: true, skipLibCheck: false,
      strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, noPropertyAccessFromIndexSignature: true,
      noImplicitOverride: true, noImplicitReturns: true, noFallthroughCasesInSwitch: true, noUnusedLocals: true, noUnusedParameters: true,
      useUnknownInCatchVariables: true, isolatedModules: true, checkJs: true, allowUnusedLabels: false, allowUnreachableCode: false,
    },
    files: ["readme-first-call.ts"],
  },
};
const typeCheck = (name: keyof typeof programs) => types.check(programs[name]);

beforeAll(async () => {
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", inject("tarball"), "@types/node@20.19.43"], { cwd: project });
  cpSync(path.join(root, "test", "package", "consumer"), project, { recursive: true });
  writeFileSync(path.join(project, "readme-first-call.ts"), quickStart.firstCall);
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("the installed package", () => {
  it.each(["node16", "bundler", "node10"] as const)(
    "type-checks under moduleResolution %s: narrowing validators, the middleware example without casts, every subpath",
    async (resolution) => {
      expect(typeCheck(resolution)).toEqual({ code: 0, output: "" });
    },
  );

  it("type-checks the README's first call, as printed, under the flags of @tsconfig/strictest", async () => {
    expect(typeCheck("strictest")).toEqual({ code: 0, output: "" });
  });

  it("type-checks a CommonJS TypeScript file under module nodenext, as the README says", async () => {
    expect(typeCheck("cjs")).toEqual({ code: 0, output: "" });
  });

  it("compiles every public declaration with an ES2020 target and its default lib", async () => {
    expect(typeCheck("es2020")).toEqual({ code: 0, output: "" });
  });

  it("bundles one operation's validators on their own, small", async () => {
    const sizes: Record<string, { minified: number; gzipped: number }> = {};
    for (const operationId of ["ping", "getMainBalance", "applyCode", "refundDeposit", "getFundingHistory", "getInvestmentsHistory"]) {
      const result = await build({
        stdin: { contents: `import { request, responses } from "txc-api/validators/${operationId}"; console.log(request, responses);`, resolveDir: project },
        bundle: true, minify: true, format: "esm", write: false, logLevel: "silent",
      });
      const code = result.outputFiles[0].contents;
      sizes[operationId] = { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
    }
    // ajv's standalone code as ajv writes it. The largest, the investments history (a plan of ten
    // fields nested in every record), measured 21.0 kB minified and 2.3 kB gzipped (CONTRIBUTING,
    // "Upgrading ajv": the rewrites that made it 11.9 kB saved 263 gzipped bytes, and are gone).
    for (const [operationId, { minified, gzipped }] of Object.entries(sizes)) {
      expect(minified, `${operationId}, minified`).toBeLessThan(25_000);
      expect(gzipped, `${operationId}, gzipped`).toBeLessThan(3_000);
    }
  });

  it("fails the type check on status 3, a missing plan and a numeric amount", async () => {
    const { code, output } = typeCheck("misuse");
    expect(code).not.toBe(0);
    const lines = [...output.matchAll(/misuse\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1]));
    expect(lines).toEqual([6, 7, 8]);
  });

  it("`npx txc-api serve` stops when npx alone gets SIGTERM (npm passes no signal on): the port is freed", async () => {
    const port = await freePort();
    const npx = spawn("npx", ["txc-api", "serve", "--port", String(port)], { cwd: project, stdio: "ignore" });
    const answers = () => fetch(`http://127.0.0.1:${port}/api/v4/public/ping`).then((r) => r.ok, () => false);
    const until = async (check: () => Promise<boolean>, ms: number) => {
      for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) if (await check()) return true;
      return check();
    };
    expect(await until(answers, STUCK_MS)).toBe(true);
    npx.kill("SIGTERM");
    expect(await until(async () => !(await answers()), STUCK_MS)).toBe(true);
  });

  it("runs the README's quick start as printed: first-call.mjs with the demo credentials of its command, against txc-api serve", async () => {
    const port = await freePort();
    const serve = await startProcess(path.join(project, "node_modules", ".bin", "txc-api"), ["serve", "--port", String(port)],
      async () => (await fetch(`http://127.0.0.1:${port}/api/v4/public/ping`)).ok, { cwd: project });
    try {
      expect(quickStart.firstCall).toContain('"http://127.0.0.1:8080"');
      writeFileSync(path.join(project, "first-call.mjs"), quickStart.firstCall.replace(":8080", `:${port}`));
      const [, apiKey, apiSecret] = quickStart.command;
      const { stdout } = await run(process.execPath, ["first-call.mjs"], { cwd: project, env: { ...process.env, TXC_API_KEY: apiKey, TXC_API_SECRET: apiSecret } });
      expect(stdout).toBe("0.01532\n");
      expect(quickStartText).toContain("It prints `0.01532`.");
    } finally {
      await serve.stop();
    }
  });

  it("runs the README's first server as printed, and the README's contract test of it passes", async () => {
    const section = readme.slice(readme.indexOf("## A first server"), readme.indexOf("\n## ", readme.indexOf("## A first server") + 1));
    writeFileSync(path.join(project, "first-server.mjs"), /```js\n([\s\S]*?)```/.exec(section)![1]!);
    const [, env, serverPort] = /^(TXC_API_KEY=\S+ TXC_API_SECRET=\S+) PORT=(\d+) node first-server\.mjs$/m.exec(section)!;
    const contractTestLine = /^TXC_API_KEY=\S+ TXC_API_SECRET=\S+ npx txc-api (contract-test .*)$/m.exec(section)![1]!;
    const keys = Object.fromEntries(env!.split(" ").map((pair) => pair.split("=") as [string, string]));
    const port = await freePort();
    const server = await startProcess(process.execPath, ["first-server.mjs"], async () => (await fetch(`http://127.0.0.1:${port}/api/v4/public/ping`)).ok, {
      cwd: project, env: { ...keys, PORT: String(port) },
    });
    try {
      const args = contractTestLine.replace(`:${serverPort}`, `:${port}`).split(" ");
      const { stdout } = await run(path.join(project, "node_modules", ".bin", "txc-api"), args, { cwd: project, env: { ...process.env, ...keys } });
      expect(stdout).toMatch(/\n\d+ passed, 0 failed/);
      expect(stdout).toMatch(/\n  getMainBalance +\d+ checks, all passed\n/);
    } finally {
      await server.stop();
    }
  });

  it("makes its first signed call reading at most 40 module files besides undici's public entry, the called operation's validators alone among them", async () => {
    // Every module file the process loads: ESM through a load hook, CommonJS from require's cache.
    writeFileSync(path.join(project, "last-module.mjs"), "export {};\n");
    writeFileSync(path.join(project, "count-modules.mjs"), `
      import Module, { register } from "node:module";
      import { MessageChannel } from "node:worker_threads";
      const { port1, port2 } = new MessageChannel();
      const loaded = new Set();
      port1.on("message", (url) => loaded.add(url));
      register("data:text/javascript," + encodeURIComponent(
        "let port; export function initialize(data) { port = data.port; }" +
        "export async function load(url, context, next) { if (url.startsWith('file:')) port.postMessage(url); return next(url, context); }"),
        { data: { port: port2 }, transferList: [port2] });
      const { createClient } = await import("txc-api");
      const client = createClient({ baseUrl: process.env.TXC_BASE_URL, apiKey: process.env.TXC_API_KEY, apiSecret: process.env.TXC_API_SECRET });
      await client.getMainBalance({ ticker: "BTC" });
      // The hook's messages come in order: once a module loaded last is heard of, all before it are.
      const last = new URL("./last-module.mjs", import.meta.url).href;
      const heard = new Promise((resolve) => port1.on("message", (url) => url === last && resolve()));
      await import(last);
      await heard;
      loaded.delete(last);
      for (const file of Object.keys(Module._cache)) loaded.add("file://" + file);
      port1.close();
      console.log(JSON.stringify([...loaded].map((url) => url.replace(/^file:\\/\\/.*?node_modules\\//, ""))));
    `);
    const server = createSandbox({ dataset: builtInDataset(), docsFile: "/nonexistent", documentFile: path.join(generatedDir, "openapi.json") });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const env = { ...process.env, TXC_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, TXC_API_KEY: demoKeys.partner.key, TXC_API_SECRET: demoKeys.partner.secret };
      const { stdout } = await run(process.execPath, ["count-modules.mjs"], { cwd: project, env });
      const files: string[] = JSON.parse(stdout);
      const own = files.filter((file) => file.startsWith("txc-api/"));
      const undici = files.filter((file) => file.startsWith("undici/"));
      expect(files.length - undici.length, files.join("\n")).toBeLessThanOrEqual(40);
      const stated = statedModuleFiles();
      expectStated("the first call's own module files", stated.own, own.length);
      expectStated("undici's module files", stated.undici, undici.length, 15);
      // undici is reached through its public entry only, never a path inside it.
      expect(undici).toContain("undici/index.js");
      // The called operation's, and the webhook parser's (1.5 kB): no other operation's, nor the module of all.
      expect(own.filter((file) => file.includes("generated/validators")).sort()).toEqual([
        "txc-api/generated/validators/depositCanceled.js", "txc-api/generated/validators/getMainBalance.js",
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("loads every subpath of the exports map at run time from the installed package, or names the optional peer it needs", async () => {
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    const subpaths = Object.keys(manifest.exports).map((key) => `txc-api${key.slice(1).replace("*", "getMainBalance")}`);
    writeFileSync(path.join(project, "load-subpaths.mjs"), [
      `const loaded = [];`,
      `const load = (subpath, options) => import(subpath, options).then((module) => Object.keys(module).length > 0 || subpath === "txc-api/types", (error) => error.message);`,
      ...subpaths.map((subpath) => `loaded.push(await load(${JSON.stringify(subpath)}${subpath.endsWith(".json") ? ', { with: { type: "json" } }' : ""}));`),
      `console.log(JSON.stringify(loaded));`,
    ].join("\n"));
    const { stdout } = await run(process.execPath, ["load-subpaths.mjs"], { cwd: project });
    const loaded: (true | string)[] = JSON.parse(stdout);
    // Only an entry built on an optional peer the project has not installed may fail, saying which.
    const optionalPeers = Object.keys(manifest.peerDependenciesMeta).filter((name) => manifest.peerDependenciesMeta[name].optional);
    const failed = subpaths.filter((_, i) => loaded[i] !== true);
    expect(failed).toEqual(["txc-api/mcp"]);
    expect(loaded[subpaths.indexOf("txc-api/mcp")]).toMatch(new RegExp(`Cannot find package '${optionalPeers.find((name) => name.includes("modelcontextprotocol"))}'`));
    expect(subpaths).toContain("txc-api/types");
  });

  it("runs the client file with node against a local server", async () => {
    expect(typeCheck("emit")).toEqual({ code: 0, output: "" });
    const server = createSandbox({ dataset: builtInDataset(), docsFile: "/nonexistent", documentFile: path.join(generatedDir, "openapi.json") });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { stdout } = await run(process.execPath, ["build/client.js"], { cwd: project, env: { ...process.env, TXC_BASE_URL: baseUrl } });
      expect(JSON.parse(stdout)).toEqual({
        balance: { BTC: { main_balance: "0.01532" } },
        investments: 5,
        firstStatus: 1,
        refund: { id: "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34" },
        refused: { code: ["The code is not valid."] },
        pongIsValid: true,
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  describe("bundled", () => {
    const firstCall = `
      import { createClient } from "txc-api";
      let attempts = 0;
      const report = (error: Error) => console.log(JSON.stringify({ name: error.name, message: error.message, attempts }));
      try {
        const client = createClient({
          baseUrl: process.env.TXC_BASE_URL!,
          apiKey: process.env.TXC_API_KEY,
          apiSecret: process.env.TXC_API_SECRET,
          nonce: () => String(Date.now() * 1000 + ++attempts),
        });
        client.getMainBalance({ ticker: "BTC" }).then((balance) => console.log(JSON.stringify({ balance, attempts })), report);
      } catch (error) {
        report(error as Error);
      }`;
    const bundleAndRun = async (options: { platform: "node" | "browser"; banner?: { js: string } }) => {
      const out = mkdtempSync(path.join(tmpdir(), "txc-bundle-"));
      try {
        await build({
          stdin: { contents: firstCall, resolveDir: project, loader: "ts" },
          bundle: true, format: "esm", outfile: path.join(out, "app.mjs"), logLevel: "silent", ...options,
        });
        // The bundle alone, in a folder with no node_modules, as on a Lambda or in a slim image.
        expect(readdirSync(out)).toEqual(["app.mjs"]);
        const server = createSandbox({ dataset: builtInDataset(), docsFile: "/nonexistent", documentFile: path.join(generatedDir, "openapi.json") });
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
        try {
          const env = { ...process.env, TXC_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, TXC_API_KEY: demoKeys.partner.key, TXC_API_SECRET: demoKeys.partner.secret };
          const { stdout } = await run(process.execPath, [path.join(out, "app.mjs")], { cwd: out, env });
          return JSON.parse(stdout);
        } finally {
          server.closeAllConnections();
          await new Promise((resolve) => server.close(resolve));
        }
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    };

    it("the README's first call, bundled by esbuild for node as the README says, makes its signed call from the bundle alone", async () => {
      // As the README says: --platform=node, ESM output and the banner that defines require for undici's CommonJS.
      const banner = /--banner:js="([^"]+)"/.exec(readme)![1]!;
      expect(await bundleAndRun({ platform: "node", banner: { js: banner } })).toEqual({ balance: { BTC: { main_balance: "0.01532" } }, attempts: 1 });
    });

    it("the first call's bundle, minified, is the size docs/install.md states, and so are its parts", async () => {
      const banner = /--banner:js="([^"]+)"/.exec(readme)![1]!;
      const { outputFiles, metafile } = await build({
        stdin: { contents: firstCall, resolveDir: project, loader: "ts" },
        bundle: true, format: "esm", platform: "node", banner: { js: banner }, minify: true, write: false, metafile: true, outfile: "app.mjs", logLevel: "silent",
      });
      const code = outputFiles[0]!.contents;
      const inputs = Object.entries(Object.values(metafile.outputs)[0]!.inputs);
      const share = (test: (file: string) => boolean) => inputs.filter(([file]) => test(file)).reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0) / 1000;
      const validators = (file: string) => file.includes("/txc-api/generated/validators");
      const stated = statedBundle();
      expectStated("the bundle, minified", stated.minified, code.length / 1000);
      expectStated("the bundle, gzipped", stated.gzipped, gzipSync(code, { level: 9 }).length / 1000);
      expectStated("undici's part", stated.undici, share((file) => file.includes("/undici/")), 10);
      expectStated("the validators' part", stated.validators, share(validators));
      expectStated("the client's part", stated.client, share((file) => file.includes("/txc-api/") && !validators(file)));
    });

    it("a browser bundle builds without node's modules, and createClient there says at once that the client is for servers", async () => {
      const result = await bundleAndRun({ platform: "browser" });
      expect(result).toMatchObject({ name: "SetupError", attempts: 0 });
      expect(result.message).toBe(
        "createClient: txc-api's client runs on servers only (Node 20+, Bun, Deno): it signs with the API secret, which must never reach a browser. " +
        "Call your own server from the page and let it call the API.",
      );
    });
  });

  it("type-checks a types-only import reading no file of another package", async () => {
    writeFileSync(path.join(project, "validators-only.ts"), [
      'import { validators, type ValidationError } from "txc-api/validators";',
      'import * as balance from "txc-api/validators/getMainBalance";',
      "const answer: unknown = { BTC: { main_balance: \"1\" } };",
      'export const ticker = validators.getMainBalance.responses[200](answer) ? Object.keys(answer)[0] : undefined;',
      "export const errors: ValidationError[] | null | undefined = balance.responses[200].errors;",
      "",
    ].join("\n"));
    const read = types.files({
      compilerOptions: { target: "ES2022", module: "node16", moduleResolution: "node16", strict: true, types: [], noEmit: true, skipLibCheck: false },
      files: ["types-only.ts", "validators-only.ts"],
    }).filter((file) => file.includes("node_modules"));
    const elsewhere = read.filter((file) => !file.includes("node_modules/txc-api/") && !file.includes("node_modules/typescript/lib/"));
    expect(elsewhere).toEqual([]);
    expect(read.some((file) => file.includes("node_modules/txc-api/generated/validator-types.d.ts"))).toBe(true);
  });

  it("type-checks an import of txc-api reading at most 10 declaration files more than txc-api/types", async () => {
    const listed = (file: string) => types.files({
      compilerOptions: { target: "ES2022", module: "node16", moduleResolution: "node16", strict: true, types: ["node"], noEmit: true, skipLibCheck: false },
      files: [file],
    }).filter((line) => line.includes("node_modules") && !/\/(typescript\/lib|@types\/node|undici-types)\//.test(line));
    writeFileSync(path.join(project, "count-types.ts"), 'import type { paths } from "txc-api/types";\nexport type Paths = paths;\n');
    writeFileSync(path.join(project, "count-full.ts"), 'import { createClient, type TxcClient } from "txc-api";\nexport const make: typeof createClient = createClient;\nexport type Client = TxcClient;\n');
    const typesOnly = listed("count-types.ts");
    const added = listed("count-full.ts").filter((file) => !typesOnly.includes(file));
    expect(added.length, added.join("\n")).toBeLessThanOrEqual(10);
    expect(added.some((file) => file.includes("openapi-fetch"))).toBe(false);
  });

  it("installs for production (--omit=dev) within 5 MB and 6 packages, undici among them and not ajv", async () => {
    const production = mkdtempSync(path.join(tmpdir(), "txc-production-"));
    try {
      writeFileSync(path.join(production, "package.json"), JSON.stringify({ name: "production", private: true }));
      await run("npm", ["install", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund", inject("tarball")], { cwd: production });
      const modules = path.join(production, "node_modules");
      const packages = readdirSync(modules).filter((name) => !name.startsWith(".")).flatMap((name) =>
        name.startsWith("@") ? readdirSync(path.join(modules, name)).map((inner) => `${name}/${inner}`) : [name]);
      expect(packages.length, packages.join(", ")).toBeLessThanOrEqual(6);
      expect(packages).not.toContain("ajv");
      // The HTTP client it sends with, a package of its own that npm update keeps current.
      expect(packages).toContain("undici");
      const bytes = async (folder: string) => Number((await run("du", ["-sb", folder])).stdout.split("\t")[0]);
      const total = await bytes(modules);
      expect(total).toBeLessThanOrEqual(5 * 1024 * 1024);
      // What docs/install.md says of it, held to this measure (MB = 1,000,000 bytes, as npm counts).
      const stated = statedInstall();
      expect(stated.packages).toBe(packages.length);
      expectStated("the production install", stated.total, total / 1e6);
      expectStated("txc-api installed", stated.txcApi, (await bytes(path.join(modules, "txc-api"))) / 1e6);
      const page = path.join(modules, "txc-api", "dist", "docs", "sandbox.html.gz");
      expectStated("the docs page, compressed", stated.docsPage, statSync(page).size / 1e6);
      const served = statedServedPage();
      expectStated("the served page, compressed (docs/sandbox.md)", served.compressed, statSync(page).size / 1e6);
      expectStated("the served page, whole (docs/sandbox.md)", served.whole, gunzipSync(readFileSync(page)).length / 1e6);
      expectStated("undici installed", stated.undici, (await bytes(path.join(modules, "undici"))) / 1e6);
    } finally {
      rmSync(production, { recursive: true, force: true });
    }
  });

  it("ships the CLI, the document, the docs page (compressed) and the licence, and nothing of the tests", async () => {
    const installed = path.join(project, "node_modules", "txc-api");
    const { stdout } = await run(process.execPath, [path.join(installed, "dist", "bundle", "cli.js"), "--help"]);
    expect(stdout).toContain("contract-test");
    const files = readdirSync(installed, { recursive: true }).map(String);
    expect(files).toContain(path.join("generated", "openapi.json"));
    // The docs page only compressed: the sandbox answers it gzipped, and unpacks it for the rare client that takes no gzip.
    expect(files.filter((file) => file.startsWith(path.join("dist", "docs")))).toEqual([path.join("dist", "docs"), path.join("dist", "docs", "sandbox.html.gz")]);
    expect(files).toContain("LICENSE");
    // Each package the docs page's script carries (its header names them) ships its licence: as a dependency, or in dist/bundle/licenses/.
    const header = /Bundled: ([^;]+);/.exec(gunzipSync(readFileSync(path.join(installed, "dist", "docs", "sandbox.html.gz"))).toString("utf8"))![1]!;
    const carried = header.split(", ").map((entry) => entry.split(" ")[0]!);
    const { dependencies } = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(carried).toContain("highlight.js");
    for (const name of carried) expect(name in dependencies || files.includes(path.join("dist", "bundle", "licenses", `${name}.LICENSE`)), name).toBe(true);
    expect(files.some((file) => file.startsWith("test") || file.startsWith("src") || file.startsWith("openapi"))).toBe(false);
    // No declaration file that no export reaches (the command line's, the sandbox's internals, the diff's).
    // @ts-ignore: a build script in plain JavaScript
    const { reachedDeclarations } = await import("../../scripts/prune-declarations.mjs");
    const reached = [...(reachedDeclarations() as Set<string>)].map((file) => path.relative(root, file)).filter((file) => file.startsWith("dist")).sort();
    expect(files.filter((file) => file.startsWith("dist") && file.endsWith(".d.ts")).sort()).toEqual(reached);
    // The entries' own, the bundled "." and "./server", the framework adapters' six small files and the
    // contract tester's options (with the once-only rules a team declares): a bound that a new import spreading
    // the internals into the tarball breaks.
    expect(reached.length).toBeLessThan(48);
  });
});

it("passes @arethetypeswrong/cli under node10, node16 and bundler, but for the ESM-only note", async () => {
  // The package is ESM only: from CommonJS under node16, TypeScript reports CJSResolvesToESM
  // (TS1479). That is the one problem allowed; the README says which settings work instead.
  // Its report goes to a file: attw exits 1 on the note, and a process that exits cuts short what a
  // pipe had not yet taken of a report this long (writes to a file are complete when they return).
  const report = path.join(project, "attw.json");
  const fd = openSync(report, "w");
  try {
    await new Promise((resolve) => spawn(bin("attw"), [inject("tarball"), "--format", "json"], { cwd: root, stdio: ["ignore", fd, "inherit"] }).on("close", resolve));
  } finally {
    closeSync(fd);
  }
  const problems: { kind: string; resolutionKind: string }[] = JSON.parse(readFileSync(report, "utf8")).analysis.problems ?? [];
  expect(problems.filter((p) => !(p.kind === "CJSResolvesToESM" && p.resolutionKind === "node16-cjs"))).toEqual([]);
  expect(problems.length).toBeGreaterThan(0); // the note is there: attw did analyse the entry points
});
