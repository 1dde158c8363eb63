// The "." entry has one declaration file for Node and for browser bundles: both bundles must export
// every name it declares, or a browser build fails with "No matching export".
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";
import { root } from "../helpers/project.js";

it("the browser bundle exports exactly the names of the Node bundle (and so of the declarations)", async () => {
  const load = async (file: string) => Object.keys(await import(pathToFileURL(path.join(root, "dist", "bundle", file)).href)).sort();
  const [node, browser] = await Promise.all([load("index.js"), load("browser.js")]);
  expect(browser).toEqual(node);
  const browserEntry = await import(pathToFileURL(path.join(root, "dist", "bundle", "browser.js")).href);
  expect(() => browserEntry.signRequest({ path: "/x", apiKey: "k", apiSecret: "s", nonce: 1 })).toThrow(/runs on servers only/);
  expect(new browserEntry.RateLimiter().stats()).toEqual({});
});

it("ships no declaration file that no export reaches", async () => {
  const { execFileSync } = await import("node:child_process");
  const { reachedDeclarations } = await import("../../scripts/prune-declarations.mjs");
  const reached = [...(reachedDeclarations() as Set<string>)].filter((file) => file.includes(`${path.sep}dist${path.sep}`)).map((file) => path.relative(root, file)).sort();
  const listed = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root, encoding: "utf8" }))[0].files
    .map((file: { path: string }) => file.path).filter((file: string) => file.startsWith("dist/") && file.endsWith(".d.ts")).sort();
  expect(listed).toEqual(reached);
  expect(listed.length).toBeLessThan(40);
});
