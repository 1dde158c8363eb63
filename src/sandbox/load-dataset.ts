import { readFileSync } from "node:fs";
import { validateDataset } from "../../generated/dataset.js";
import { validationIssues } from "../validation/issues.js";
import type { Dataset } from "../../generated/dataset.js";

/** A --data file that cannot be used; the message names the file and the bad entry. */
export class DatasetError extends Error {
  override name = "DatasetError";
}

function duplicates(values: [where: string, value: string][]): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const [where, value] of values) {
    const first = seen.get(value);
    if (first) problems.push(`${where} "${value}" repeats ${first}`);
    else seen.set(value, where);
  }
  return problems;
}

/** Where a number too large for a double sits (JSON.parse reads `1e309` as Infinity), or undefined. */
function nonFiniteNumber(value: unknown, where: string): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : where;
  if (!value || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFiniteNumber(item, Array.isArray(value) ? `${where}[${key}]` : where ? `${where}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Checks a dataset, throwing a DatasetError that names every bad entry. */
export function checkDataset(data: unknown, source: string): Dataset {
  const outOfRange = nonFiniteNumber(data, "");
  if (outOfRange !== undefined) throw new DatasetError(`${source}: ${outOfRange || "the dataset"} is a number beyond the range of a double`);
  if (!validateDataset(data)) {
    const issues = validationIssues(validateDataset.errors).slice(0, 10).map((issue) => issue.message);
    throw new DatasetError(`${source}: ${issues.join("; ")}`);
  }
  const dataset = data as Dataset;
  const problems = [
    ...duplicates(dataset.accounts.flatMap((a, i) => a.apiKeys.map((k, j): [string, string] => [`accounts[${i}].apiKeys[${j}].key`, k.key]))),
    ...duplicates(dataset.codes.map((c, i): [string, string] => [`codes[${i}].code`, c.code])),
    ...duplicates(dataset.accounts.flatMap((a, i) => a.deposits.map((d, j): [string, string] => [`accounts[${i}].deposits[${j}].transactionId`, d.transactionId]))),
  ];
  if (problems.length) throw new DatasetError(`${source}: ${problems.join("; ")}`);
  return dataset;
}

export function loadDataset(file: string): Dataset {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new DatasetError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // V8's message quotes the text around the mistake; a dataset may hold secrets, so only the kind.
    const kind = /end of JSON input/.test((error as Error).message) ? "it ends too early" : "it holds an unexpected character";
    throw new DatasetError(`${file}: not JSON (${kind})`);
  }
  return checkDataset(data, file);
}
