// Every schema of the bundled document that gets a validator: each operation's request body and
// each of its responses by status, for paths and webhooks alike.
import { JSON_MEDIA, operationsOf, resolveAt } from "./document-refs.mjs";

const escapePointer = (segment) => segment.replaceAll("~", "~0").replaceAll("/", "~1");
const pointer = (...segments) => "#/" + segments.map(escapePointer).join("/");

/** A schema that is only a local `$ref` is compiled as its target, so shared schemas compile once. */
function schemaPointer(schema, segments) {
  const onlyRef = schema.$ref && Object.keys(schema).length === 1 && schema.$ref.startsWith("#/");
  return onlyRef ? schema.$ref : pointer(...segments);
}

/**
 * @returns {{operationId: string, kind: "request" | "response", status?: string, pointer: string}[]}
 */
export function validationTargets(document) {
  const targets = [];
  for (const group of ["paths", "webhooks"]) {
    for (const { name, method, operation } of operationsOf(document, group)) {
      const { operationId } = operation;
      if (operation.requestBody?.content?.[JSON_MEDIA]?.schema) {
        targets.push({
          operationId,
          kind: "request",
          pointer: schemaPointer(
            operation.requestBody.content[JSON_MEDIA].schema,
            [group, name, method, "requestBody", "content", JSON_MEDIA, "schema"],
          ),
        });
      }
      for (const [status, declared] of Object.entries(operation.responses ?? {})) {
        const { node, segments } = resolveAt(document, declared, [group, name, method, "responses", status]);
        if (!node?.content?.[JSON_MEDIA]?.schema) continue;
        targets.push({
          operationId,
          kind: "response",
          status,
          pointer: schemaPointer(node.content[JSON_MEDIA].schema, [...segments, "content", JSON_MEDIA, "schema"]),
        });
      }
    }
  }
  return targets;
}

/** The exported name of a target's validator, a valid identifier such as getMainBalanceResponse200. */
export function exportName(target) {
  return target.kind === "request" ? `${target.operationId}Request` : `${target.operationId}Response${target.status}`;
}
