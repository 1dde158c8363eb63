import { printable } from "../text/printable.js";
import type { Change, DiffReport, Kind } from "./classify.js";

export const FORMATS = ["text", "markdown", "json"] as const;
export type Format = (typeof FORMATS)[number];

const ORDER: Kind[] = ["breaking", "compatible", "text"];
const HEADINGS: Record<Kind, string> = { breaking: "Breaking", compatible: "Compatible", text: "Text only" };
const VERDICTS: Record<DiffReport["verdict"], string> = {
  breaking: "breaking: a client written against the base may fail against the head",
  compatible: "compatible: additions only, a client of the base keeps working",
  text: "text only: nothing a client reads has changed",
  none: "no change",
};

const byKind = (report: DiffReport, kind: Kind) => report.changes.filter((c) => c.kind === kind);
const line = (c: Change) => `${printable(c.location, 300)}: ${printable(c.text, 500)}`;

/** The report as text for a terminal, Markdown for a changelog or review, or JSON for tools. */
export function formatReport(report: DiffReport, format: Format, sides: { base: string; head: string }): string {
  if (format === "json") return JSON.stringify({ base: sides.base, head: sides.head, ...report }, null, 2);
  if (format === "markdown") {
    return ORDER.filter((kind) => byKind(report, kind).length)
      .map((kind) => [`#### ${HEADINGS[kind]}`, "", ...byKind(report, kind).map((c) => `- ${line(c).replace(/^([^:]+):/, "`$1`:")}`)].join("\n"))
      .join("\n\n") || "No contract changes.";
  }
  const counts = ORDER.map((kind) => `${byKind(report, kind).length} ${kind}`).join(", ");
  return [
    `${printable(sides.base, 200)} -> ${printable(sides.head, 200)}: ${VERDICTS[report.verdict]} (${counts})`,
    ...ORDER.flatMap((kind) => byKind(report, kind).map((c) => `  ${kind.toUpperCase().padEnd(10)} ${line(c)}`)),
  ].join("\n");
}
