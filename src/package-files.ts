import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The package's root: the nearest folder above this module with a package.json (from dist/bundle/chunks, dist or src alike). */
function packageRoot(): URL {
  for (let folder = new URL(".", import.meta.url); ; folder = new URL("..", folder)) {
    if (existsSync(new URL("package.json", folder))) return folder;
    if (new URL("..", folder).href === folder.href) throw new Error(`txc-api: no package.json above ${fileURLToPath(import.meta.url)}`);
  }
}

const root = packageRoot();
export const packageFile = (relative: string) => fileURLToPath(new URL(relative, root));
export const bundledDocument = packageFile("generated/openapi.json");
export const bundledWorkflows = packageFile("generated/workflows.arazzo.json");
export const docsPage = packageFile("dist/docs/sandbox.html.gz");

/** The package's version, from its package.json. */
export const packageVersion = (): string => (JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as { version: string }).version;
