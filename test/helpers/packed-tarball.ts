// Vitest's global setup: the package packed once for the whole run (npm pack, the code CI ships),
// handed to every test that installs it with inject("tarball"), and removed at the end. Four files
// used to pack it each on their own.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { root } from "./project.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The packed txc-api tarball of this run. */
    tarball: string;
  }
}

export default function packOnce(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), "txc-tarball-"));
  // dist/ is built by the test run already (npm test's pretest): no prepack build again.
  execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", folder], { cwd: root, stdio: "ignore" });
  const tarball = readdirSync(folder).find((file) => file.endsWith(".tgz"));
  if (!tarball) throw new Error("npm pack made no tarball");
  project.provide("tarball", path.join(folder, tarball));
  return () => rmSync(folder, { recursive: true, force: true });
}
