// The TypeScript declarations of the generated validators: each validator is a type guard that
// narrows to the request or response type of generated/schema.d.ts. Declared here rather than
// imported from ajv: a consumer's type check reads no file of another package.
import { exportName } from "../validation-targets.mjs";
import { GENERATED_HEADER } from "./modules.mjs";

export const VALIDATOR_TYPES = `${GENERATED_HEADER}

/** One rule the last validated value broke, as ajv reports it. */
export interface ValidationError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, any>;
  message?: string;
}

/** A validator compiled ahead of time: a type guard, with the errors of its last call (null after a pass). */
export interface ValidateFunction<T = unknown> {
  (data: unknown): data is T;
  errors?: ValidationError[] | null;
}
`;

/** The imports and helper type of a declaration file, `up` the path from it to generated/. */
const declarationHeader = (up = "./") => `${GENERATED_HEADER}
import type { ValidateFunction } from "${up}validator-types.js";
export type { ValidateFunction, ValidationError } from "${up}validator-types.js";
import type { components, operations } from "${up}schema.js";

/** The JSON body of a request body or response object of the generated types. */
type JsonBody<T> = T extends { content: { "application/json": infer Body } } ? Body : unknown;
`;

/** The TypeScript type a target's validator narrows to, from the generated schema types. */
function narrowedType(target) {
  const operation = `operations[${JSON.stringify(target.operationId)}]`;
  return target.kind === "request"
    ? `JsonBody<NonNullable<${operation}["requestBody"]>>`
    : `JsonBody<${operation}["responses"][${JSON.stringify(target.status)}]>`;
}

/** validators.d.ts: every validator by its export name, and the table by operationId. */
export function allValidatorsDeclaration(targets, schemaNames, table) {
  const component = (name) => /^validate([A-Za-z0-9]+)$/.exec(name)?.[1];
  const declared = schemaNames.map((name) => {
    const type = component(name) ? `components["schemas"][${JSON.stringify(component(name))}]` : narrowedType(targets.find((t) => exportName(t) === name));
    return `export declare const ${name}: ValidateFunction<${type}>;`;
  });
  const aliases = targets.filter((target) => !schemaNames.includes(exportName(target))).map((target) => `export declare const ${exportName(target)}: ValidateFunction<${narrowedType(target)}>;`);
  const rows = [...table].map(([operationId, { request, responses }]) => {
    const statuses = responses.map(([status, name]) => `readonly ${JSON.stringify(status)}: typeof ${name}`).join("; ");
    return `  readonly ${operationId}: { readonly request: ${request ? `typeof ${request}` : "null"}; readonly responses: { ${statuses} } };`;
  });
  return `${declarationHeader()}
${[...declared, ...aliases].join("\n")}

/** Each validator is a type guard: it narrows its argument to the request or response type. */
export declare const validators: {
${rows.join("\n")}
};
`;
}

/** validators/<operationId>.d.ts: its `request` (or null) and `responses` by status. */
export function operationDeclaration(request, responses) {
  const statuses = responses.map((t) => `readonly ${JSON.stringify(t.status)}: ValidateFunction<${narrowedType(t)}>`).join("; ");
  return `${declarationHeader("../")}
export declare const request: ${request ? `ValidateFunction<${narrowedType(request)}>` : "null"};
export declare const responses: { ${statuses} };
`;
}

/** validator-loaders.d.ts. */
export const loadersDeclaration = (operationIds) => `${GENERATED_HEADER}
import type { ValidateFunction } from "./validator-types.js";
/** One operation's validators, as its own module exports them. */
export type OperationValidators = { readonly request: ValidateFunction | null; readonly responses: Readonly<Record<string, ValidateFunction>> };
export declare const validatorLoaders: { readonly [Id in ${operationIds.map((id) => JSON.stringify(id)).join(" | ")}]: () => Promise<OperationValidators> };
`;
