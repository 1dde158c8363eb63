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

