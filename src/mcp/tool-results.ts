// What an agent is given back: the API's answer as structured content and as text, its fields
// limited to those the document describes; an error as a tool error with the status, the API's
// message and its `errors`, never a secret (the package's errors hold none).
import { describedAnswerFields } from "../../generated/mcp-tools.js";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { BadRequestError, HttpError, RequestValidationError, UnauthorizedError } from "../errors/index.js";
import { printable } from "../text/printable.js";
import { serverReason } from "../errors/http.js";

/** A tool's result as MCP carries it (the SDK's CallToolResult, spelt out for the declarations). */
export type ToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/** The answer with only the fields its document describes; the names of the others. */
export function shownAnswer(operationId: OperationId, answer: unknown): { shown: unknown; withheld: string[] } {
  const described = describedAnswerFields[operationId];
  if (described === null || !answer || typeof answer !== "object" || Array.isArray(answer)) return { shown: answer, withheld: [] };
  const withheld = Object.keys(answer).filter((field) => !described.includes(field));
  if (withheld.length === 0) return { shown: answer, withheld };
  return { shown: Object.fromEntries(Object.entries(answer).filter(([field]) => described.includes(field))), withheld };
}

export function answerResult(shown: unknown, withheld: readonly string[]): ToolResult {
  const note = withheld.length ? `\n(withheld: ${withheld.map((field) => printable(field, 60)).join(", ")}: fields the document does not describe are not passed on)` : "";
  return {
    content: [{ type: "text", text: JSON.stringify(shown) + note }],
    // structuredContent is an object; the ping's array is text only (its tool has no outputSchema).
    ...(shown && typeof shown === "object" && !Array.isArray(shown) ? { structuredContent: shown as Record<string, unknown> } : {}),
  };
}

export const errorResult = (text: string): ToolResult => ({ content: [{ type: "text", text }], isError: true });

/** What a refused call means beyond its status: a once-only value used again, a key or signature refused. */
function meaningOf(error: HttpError): string | undefined {
  if (error instanceof UnauthorizedError) return "the API refused the key or the signature: check the API key and secret the MCP server was given";
  const onceOnly = operationIndex[error.operationId as OperationId]?.oncePer ?? [];
  const spent = error instanceof BadRequestError ? onceOnly.filter((field) => field in error.errors) : [];
  if (spent.length) return `the ${spent.join(" and ")} was refused: a ${spent[0]} is redeemed once, so it may be spent already (do not retry it)`;
  return undefined;
}

/** A call's failure as the tool error an agent reads: the package's message, then its facts as JSON. */
export function failureResult(error: unknown): { result: ToolResult; status: number | null } {
  if (error instanceof HttpError) {
    const facts = {
      status: error.status,
      ...(serverReason(error.body) ? { message: serverReason(error.body) } : {}),
      ...(error instanceof BadRequestError && Object.keys(error.errors).length ? { errors: error.errors } : {}),
    };
    const meaning = meaningOf(error);
    return { result: errorResult(`${error.message}${meaning ? `\n${meaning}` : ""}\n${JSON.stringify(facts)}`), status: error.status };
  }
  if (error instanceof RequestValidationError) {
    return { result: errorResult(`${error.message}\n${JSON.stringify({ errors: error.issues.map(({ field, message }) => ({ field, message })) })}`), status: null };
  }
  return { result: errorResult(error instanceof Error ? error.message : String(error)), status: null };
}
