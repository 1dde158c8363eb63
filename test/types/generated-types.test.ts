import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { bin, root } from "../helpers/project.js";

it("generated types accept valid bodies and reject status 3, a missing plan and a numeric amount; sandbox handlers answer only what the document allows", () => {
  const result = spawnSync(bin("tsc"), ["-p", path.join("test", "types", "tsconfig.json")], { cwd: root, encoding: "utf8" });
  // An unneeded @ts-expect-error is itself an error (TS2578), so a type that stopped rejecting fails here.
  expect(result.stdout + result.stderr).toBe("");
  expect(result.status).toBe(0);
});
