// npm run build, and npm start when the build is out of date: the one way dist/ is made. src/ is
// compiled (tsc), its entries bundled with the "." entry's declarations in one file
// (bundle-entries.mjs), and the declaration files no export reaches removed (prune-declarations.mjs).
import path from "node:path";
import { bundleDeclarations, bundleEntries } from "./bundle-entries.mjs";
import { isMain, root } from "./project.mjs";
import { pruneDeclarations } from "./prune-declarations.mjs";
import { run } from "./run.mjs";

export async function buildPackage() {
  run(path.join(root, "node_modules", ".bin", "tsc"), ["-p", "tsconfig.build.json"]);
  await bundleEntries();
  await bundleDeclarations();
  return pruneDeclarations();
}

if (isMain(import.meta.url)) {
  const { kept, pruned } = await buildPackage();
  console.log(`declarations: ${kept} reached by an export kept, ${pruned} removed`);
}
