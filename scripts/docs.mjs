// npm run docs: <generated>/openapi.json -> two pages, Redoc inlined so that each renders with no
// network.
// - dist/docs/index.html, the static page to host anywhere: samples read the credentials from the
//   environment.
// - dist/docs/sandbox.html.gz, the page `txc-api serve` answers (stored compressed: it is the one
//   the package ships): the demo credentials filled in, a try-it panel and a workflow panel (the
//   script of docs-assets/page.js, bundled with the package's workflow walk and highlight.js), the
//   package's picks, guides and changelog (scripts/served-docs.mjs), and route-from-path.js in its
//   head, run before Redoc.
// A Content-Security-Policy keeps both offline: the page may load nothing from outside itself;
// the served page may connect to its own origin, where its panels send. Redoc's attribution
// ("API docs by" and Redocly's logo) loads the logo from a CDN, which the policy refuses with an
// error in the console on every load: the logo is written into the page instead.
import { createSecretKey } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync, constants } from "node:zlib";
import { build, stop } from "esbuild";
import { docsFile, generatedDir, isMain, redoclyBin, root, servedDocsFile } from "./project.mjs";
import { run } from "./run.mjs";
import { guideSearchLabels, servedDocument } from "./served-docs.mjs";
import { demoKeys } from "../src/sandbox/demo-keys.js";

const POLICY = ["default-src 'none'", "script-src 'unsafe-inline'", "style-src 'unsafe-inline'", "img-src data:", "font-src data:", "worker-src blob:"];
const TITLE = "TXC HTTP API v4";

// Redocly's name as the attribution shows it, drawn in the page (an SVG in a data: URL).
const REDOCLY_LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16"><text x="0" y="13" font-family="system-ui,sans-serif" font-size="13" font-weight="600" fill="#0044d4">Redocly</text></svg>')}`;
const CDN_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;

const asset = (name) => readFileSync(path.join(root, "scripts", "docs-assets", name), "utf8");

/** `served`: the page the sandbox serves, which may connect to its own origin and is answered at every route's path. */
function renderPage(documentFile, output, served) {
  run(redoclyBin, ["build-docs", documentFile, "--output", output, "--inlineBundle", "--title", TITLE]);
  const policy = [...POLICY, ...(served ? ["connect-src 'self'"] : [])].join("; ");
  const page = readFileSync(output, "utf8").replace(CDN_LOGO, REDOCLY_LOGO);
  const head = [
    "<head>",
    `  <meta http-equiv="Content-Security-Policy" content="${policy}">`,
    ...(served ? [`  <script>${asset("route-from-path.js")}</script>`] : []),
    `  <style>${asset("code-panels.css")}\n${asset("guides.css")}</style>`,
  ].join("\n");
  return page.replace(/<head>/i, head);
}

export function buildDocs(output = docsFile) {
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, renderPage(path.join(generatedDir, "openapi.json"), output, false));
  return output;
}

/**
 * What the page's panels need: from the generated index, each operation with the body of its first
 * example and how a request is signed (the header names and the body fields the signer sets); the
 * workflows; the demo key; where the sandbox resets.
 */
async function pageData(demo, workflows) {
  const { operationIndex, signing } = await import(path.join(generatedDir, "operations.js"));
  const { contractFacts } = await import(path.join(generatedDir, "contract-facts.js"));
  return {
    operations: Object.entries(operationIndex).map(([operationId, { method, path: apiPath, signed, stateChanging }]) =>
      ({ operationId, method, path: apiPath, signed, stateChanging, example: signed ? contractFacts[operationId].requestExamples[0]?.fields ?? {} : {} })),
    signing,
    demo,
    workflows: workflows.workflows,
    resetPath: "/sandbox/reset",
  };
}

/** The packages a bundle carries, by esbuild's metafile: "name version (licence)". */
function bundledPackages(metafile) {
  const names = new Set(Object.keys(metafile.inputs).map((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1]).filter(Boolean));
  return [...names].sort().map((name) => {
    const { version, license } = JSON.parse(readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8"));
    return `${name} ${version} (${license})`;
  });
}

/**
 * The page's script (docs-assets/page.js) as one inline script for the browsers Redoc supports,
 * the package's workflow walk (src/workflows) bundled in, headed by the packages it carries.
 */
async function pageScript() {
  const { outputFiles, metafile } = await build({
    entryPoints: [path.join(root, "scripts", "docs-assets", "page.js")],
    bundle: true, write: false, metafile: true, format: "iife", platform: "browser", target: "es2022", minify: true, logLevel: "warning",
  });
  // esbuild's service process would otherwise stay beside a long-lived caller (npm start's sandbox).
  await stop();
  const script = `/*! txc-api's docs page. Bundled: ${bundledPackages(metafile).join(", ")}; their licences ship in txc-api's dist/bundle/licenses/ and with its dependencies. */\n${outputFiles[0].text}`;
  if (/<\/script/i.test(script)) throw new Error("the page's script holds </script, which would end its element");
  return script;
}

// `<` written as \u003c, so that no text of the data closes its script element.
const scriptData = (value) => JSON.stringify(value).replaceAll("<", "\\u003c");

export async function buildServedDocs(output = servedDocsFile) {
  const document = JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));
  const workflows = JSON.parse(readFileSync(path.join(generatedDir, "workflows.arazzo.json"), "utf8"));
  // The package's own signing, built (npm start and npm test build before they render).
  const { payloadSignature } = await import("../dist/signing/sign.js");
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const served = servedDocument(document, {
    signature: (secret, payload) => payloadSignature(payload, createSecretKey(Buffer.from(secret, "utf8"))).toString("hex"),
    demo: demoKeys.partner,
    readme,
    changelog: readFileSync(path.join(root, "CHANGELOG.md"), "utf8"),
    readGuide: (file) => readFileSync(path.join(root, file), "utf8"),
    workflows,
  });
  const work = path.join(tmpdir(), `txc-served-docs-${process.pid}`);
  mkdirSync(work, { recursive: true });
  try {
    const servedFile = path.join(work, "openapi.json");
    writeFileSync(servedFile, JSON.stringify(served));
    const panel = [
      `<style>${asset("served.css")}\n${guideSearchLabels(readme)}</style>`,
      `<script type="application/json" id="txc-page-data">${scriptData(await pageData(demoKeys.partner, workflows))}</script>`,
      `<script>${await pageScript()}</script>`,
    ].join("\n");
    const rendered = renderPage(servedFile, path.join(work, "page.html"), true);
    const end = rendered.lastIndexOf("</body>");
    const page = `${rendered.slice(0, end)}${panel}\n${rendered.slice(end)}`;
    mkdirSync(path.dirname(output), { recursive: true });
    // Written aside, then renamed: a sandbox reading the page meanwhile gets the old one or the new.
    writeFileSync(`${output}.tmp`, gzipSync(page, { level: constants.Z_BEST_COMPRESSION }));
    renameSync(`${output}.tmp`, output);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return output;
}

// `--output FILE` writes the static page alone, there.
if (isMain(import.meta.url)) {
  const at = process.argv.indexOf("--output");
  if (at > 0) console.log(buildDocs(path.resolve(process.argv[at + 1])));
  else console.log(`${buildDocs(docsFile)}\n${await buildServedDocs()}`);
}
