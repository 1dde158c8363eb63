// A `--data` file written for a released version is served by every later one: the dataset each
// release kept (releases/<version>/dataset.json, npm run release:baseline) is started as it is,
// and answers. A field added to the dataset since must be optional (CONTRIBUTING).
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { root } from "../helpers/project.js";
import { partnerClient, startSandbox } from "../helpers/sandbox.js";

const released = readdirSync(path.join(root, "releases"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => path.join("releases", entry.name, "dataset.json"));

it("every release keeps its dataset", () => {
  expect(released.length).toBeGreaterThan(0);
});

it.each(released)("txc-api serve --data %s starts and answers with that release's data", async (file) => {
  const sandbox = await startSandbox(["--data", path.join(root, file)]);
  try {
    expect(await partnerClient(sandbox).ping()).toEqual(["pong"]);
    expect(Object.keys(await partnerClient(sandbox).getMainBalance({})).length).toBeGreaterThan(0);
  } finally {
    await sandbox.stop();
  }
});
