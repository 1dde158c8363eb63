// The guides carry notes for the suite (<!-- checked with: ... -->, <!-- not checked here: ... -->):
// they stay in the repository's Markdown, and never reach the served page, nor so its search.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { expect, it } from "vitest";
import { root } from "../helpers/project.js";

it("the guides' notes for the suite are in the guides, and nowhere in the served page", () => {
  const guides = readdirSync(path.join(root, "docs")).filter((file) => file.endsWith(".md")).map((file) => readFileSync(path.join(root, "docs", file), "utf8")).join("\n");
  const notes = [...guides.matchAll(/<!--\s*(checked with:|not checked here)/g)];
  expect(notes.length).toBeGreaterThan(5);
  const page = gunzipSync(readFileSync(path.join(root, "dist", "docs", "sandbox.html.gz"))).toString("utf8");
  expect(page).not.toMatch(/checked with:|not checked here/);
});
