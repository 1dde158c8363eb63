import { fileURLToPath } from "node:url";

// The package's own files, found from dist/cli/ (or src/cli/ under the tests): two levels up.
const root = new URL("../../", import.meta.url);
export const packageFile = (relative: string) => fileURLToPath(new URL(relative, root));
export const bundledDocument = packageFile("generated/openapi.json");
export const docsPage = packageFile("dist/docs/sandbox.html.gz");
