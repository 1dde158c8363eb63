// The sizes docs/install.md states, read from its text, so that a test can hold each to what it
// measures: a number typed once and left to drift is a defect.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { root } from "./project.js";

const install = () => readFileSync(path.join(root, "docs", "install.md"), "utf8").replace(/\s+/g, " ");

/** "5 packages, 4.7 MB (txc-api 2.5 MB, of which the docs page 0.89 MB compressed; undici 1.8 MB" */
export function statedInstall() {
  const found = /(\d+) packages, ([\d.]+) MB \(txc-api ([\d.]+) MB, of which the docs page ([\d.]+) MB compressed; undici ([\d.]+) MB/.exec(install());
  if (!found) throw new Error("docs/install.md no longer states the production install as '<n> packages, <x> MB (txc-api <x> MB, of which the docs page <x> MB compressed; undici <x> MB'");
  const [, packages, total, txcApi, docsPage, undici] = found;
  return { packages: Number(packages), total: total!, txcApi: txcApi!, docsPage: docsPage!, undici: undici! };
}

/** "664 kB, 190 kB gzipped, of which undici about 534 kB, the validators of every operation 85 kB (...) and the client 43 kB" */
export function statedBundle() {
  const found = /minified[^:]*: ([\d.]+) kB, ([\d.]+) kB gzipped, of which undici about ([\d.]+) kB, the validators of every operation ([\d.]+) kB .* and the client ([\d.]+) kB/.exec(install());
  if (!found) throw new Error("docs/install.md no longer states the first call's bundle as '<x> kB, <x> kB gzipped, of which undici about <x> kB, the validators of every operation <x> kB ... and the client <x> kB'");
  const [, minified, gzipped, undici, validators, client] = found;
  return { minified: minified!, gzipped: gzipped!, undici: undici!, validators: validators!, client: client! };
}

/** docs/sandbox.md: "0.89 MB instead of 3.3 MB, the guides included": the served page, compressed and not. */
export function statedServedPage() {
  const text = readFileSync(path.join(root, "docs", "sandbox.md"), "utf8").replace(/\s+/g, " ");
  const found = /; ([\d.]+) MB instead of ([\d.]+) MB, the guides included/.exec(text);
  if (!found) throw new Error("docs/sandbox.md no longer states the served page's size as '<x> MB instead of <x> MB, the guides included'");
  return { compressed: found[1]!, whole: found[2]! };
}

/** "reads 13 module files of its own, and undici's public entry (about 110 files" */
export function statedModuleFiles() {
  const found = /reads (\d+) module files of its own, and undici's public entry \(about (\d+) files/.exec(install());
  if (!found) throw new Error("docs/install.md no longer states the first call's module files as 'reads <n> module files of its own, and undici's public entry (about <n> files'");
  return { own: found[1]!, undici: found[2]! };
}

/**
 * A stated number against the measured one: within one unit of its last digit (4.6 MB: 4.5 to 4.7;
 * 664 kB: 663 to 665), so that a number rounded at an edge does not flap, and one left to drift
 * fails; or, for a number the text says is "about", within `about` of it.
 */
export function expectStated(what: string, stated: string, measured: number, about = 0) {
  const decimals = stated.split(".")[1]?.length ?? 0;
  const allowed = about || 10 ** -decimals;
  expect(Math.abs(Number(stated) - measured), `${what}: stated ${stated}, measured ${measured.toFixed(decimals + 2)}`).toBeLessThanOrEqual(allowed + 1e-9);
}
