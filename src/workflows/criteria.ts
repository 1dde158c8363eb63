// Arazzo 1.0.1 criteria: a simple condition (literals, runtime expressions, comparisons, &&, ||, !,
// parentheses), a JSONPath condition (RFC 9535, by jsonpath-rfc9535 as Respect evaluates it: over
// its context wrapped in an array, runtime expressions embedded as {$...}), or a regex. Parsed here
// rather than evaluated as JavaScript: a workflow file is data, never code.
import { query, type JsonValue } from "jsonpath-rfc9535";
import { sameJson } from "../json/same-json.js";
import { evaluate, type ExpressionContext } from "./expressions.js";
import type { Criterion } from "../../generated/workflows.js";

/** A criterion that does not hold, and the values it read: what a report prints. */
export type UnmetCriterion = { condition: string; read: string };

type Token = { kind: "expression" | "literal" | "operator"; text: string; value?: unknown };
type Node =
  | { kind: "value"; token: Token }
  | { kind: "not"; operand: Node }
  | { kind: "binary"; operator: string; left: Node; right: Node };

const TOKEN = /\s*(?:(\$[A-Za-z][^\s()!=<>&|]*)|(-?\d+(?:\.\d+)?)|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(true|false|null)\b|(==|!=|<=|>=|&&|\|\||[<>!()]))/y;

function tokens(condition: string): Token[] {
  const found: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < condition.length && condition.slice(TOKEN.lastIndex).trim() !== "") {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(condition);
    if (!match) throw new Error(`cannot read ${JSON.stringify(condition.slice(at, at + 20))}`);
    const [, expression, number, single, double, keyword, operator] = match;
    if (expression !== undefined) found.push({ kind: "expression", text: expression });
    else if (number !== undefined) found.push({ kind: "literal", text: number, value: Number(number) });
    else if (single !== undefined || double !== undefined) found.push({ kind: "literal", text: match[0].trim(), value: (single ?? double)!.replace(/\\(.)/g, "$1") });
    else if (keyword !== undefined) found.push({ kind: "literal", text: keyword, value: JSON.parse(keyword) });
    else found.push({ kind: "operator", text: operator! });
  }
  return found;
}

const COMPARISONS = new Set(["==", "!=", "<", "<=", ">", ">="]);

/** A simple condition as a tree: || binds loosest, then &&, then !, then a comparison. */
function parse(condition: string): Node {
  const list = tokens(condition);
  let at = 0;
  const peek = () => list[at]?.text;
  const take = (text: string) => (peek() === text ? (at++, true) : false);
  const primary = (): Node => {
    if (take("(")) {
      const inner = or();
      if (!take(")")) throw new Error("a ( is not closed");
      return inner;
    }
    const token = list[at++];
    if (!token || token.kind === "operator") throw new Error(`a value is missing${token ? ` before ${token.text}` : " at the end"}`);
    return { kind: "value", token };
  };
  const not = (): Node => (take("!") ? { kind: "not", operand: not() } : comparison());
  const comparison = (): Node => {
    const left = primary();
    const operator = peek();
    if (operator === undefined || !COMPARISONS.has(operator)) return left;
    at++;
    return { kind: "binary", operator, left, right: primary() };
  };
  const and = (): Node => {
    let left = not();
    while (take("&&")) left = { kind: "binary", operator: "&&", left, right: not() };
    return left;
  };
  const or = (): Node => {
    let left = and();
    while (take("||")) left = { kind: "binary", operator: "||", left, right: and() };
    return left;
  };
  const tree = or();
  if (at < list.length) throw new Error(`${list[at]!.text} is not expected there`);
  return tree;
}

function compare(operator: string, left: unknown, right: unknown): boolean {
  if (operator === "==") return sameJson(left, right);
  if (operator === "!=") return !sameJson(left, right);
  const ordered = (typeof left === "number" && typeof right === "number") || (typeof left === "string" && typeof right === "string");
  if (!ordered) return false;
  const [a, b] = [left as number | string, right as number | string];
  return operator === "<" ? a < b : operator === "<=" ? a <= b : operator === ">" ? a > b : a >= b;
}

function valueOf(node: Node, context: ExpressionContext, read: Map<string, unknown>): unknown {
  if (node.kind === "value") {
    if (node.token.kind === "literal") return node.token.value;
    const value = evaluate(node.token.text, context);
    read.set(node.token.text, value);
    return value;
  }
  if (node.kind === "not") return !valueOf(node.operand, context, read);
  if (node.operator === "&&") return Boolean(valueOf(node.left, context, read)) && Boolean(valueOf(node.right, context, read));
  if (node.operator === "||") return Boolean(valueOf(node.left, context, read)) || Boolean(valueOf(node.right, context, read));
  return compare(node.operator, valueOf(node.left, context, read), valueOf(node.right, context, read));
}

const shown = (value: unknown) => (value === undefined ? "absent" : JSON.stringify(value).slice(0, 120));
const readText = (read: Map<string, unknown>) => [...read].map(([expression, value]) => `${expression} is ${shown(value)}`).join(", ");

/** A JSONPath condition with its embedded runtime expressions ({$...}) replaced by their values as JSON. */
function embedded(condition: string, context: ExpressionContext, read: Map<string, unknown>): string {
  return condition.replace(/\{(\$[^{}]+)\}/g, (whole, expression: string) => {
    const value = evaluate(expression, context);
    read.set(expression, value);
    return value === undefined ? whole : JSON.stringify(value);
  });
}

/** Whether a criterion holds in `context`; when it does not, what it read. */
export function unmetCriterion(criterion: Criterion, context: ExpressionContext): UnmetCriterion | undefined {
  const read = new Map<string, unknown>();
  const { condition } = criterion;
  let holds: boolean;
  try {
    if (criterion.type === "jsonpath" || criterion.type === "regex") {
      const subject = evaluate(criterion.context ?? "$response.body", context);
      holds = criterion.type === "regex"
        ? new RegExp(condition).test(String(subject))
        : subject !== undefined && query([subject as JsonValue], embedded(condition, context, read)).length > 0;
      if (!holds && criterion.type === "regex") read.set(criterion.context ?? "$response.body", subject);
    } else {
      holds = Boolean(valueOf(parse(condition), context, read));
    }
  } catch (error) {
    return { condition, read: `it cannot be evaluated: ${(error as Error).message}` };
  }
  return holds ? undefined : { condition, read: readText(read) };
}

/** A condition on the status alone ("$statusCode == 200"). */
export const isStatusCriterion = (criterion: Criterion): boolean =>
  (criterion.type ?? "simple") === "simple" && !criterion.condition.replace(/\$statusCode/g, "").includes("$");

/**
 * Whether a step's status criteria turn down the status it got: a refusal of a step the workflow
 * wants accepted (a code used up, a code mistyped), not an answer that breaks the workflow's rules.
 */
export const statusTurnedDown = (criteria: readonly Criterion[] | undefined, context: ExpressionContext): boolean =>
  unmetCriteria((criteria ?? []).filter(isStatusCriterion), context).length > 0;

/** The criteria of a list that do not hold. */
export const unmetCriteria = (criteria: readonly Criterion[] | undefined, context: ExpressionContext): UnmetCriterion[] =>
  (criteria ?? []).flatMap((criterion) => unmetCriterion(criterion, context) ?? []);

/** Whether every criterion of a list holds (an action's criteria: none means always). */
export const allHold = (criteria: readonly Criterion[] | undefined, context: ExpressionContext): boolean => unmetCriteria(criteria, context).length === 0;

/** Checks that every condition of the workflows can be read; the build's own check (scripts/workflows.mjs) finds what they reference. */
export const conditionProblem = (condition: string): string | undefined => {
  try {
    parse(condition);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};
