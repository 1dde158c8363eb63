// Generated from openapi/ by scripts/validators.mjs. Do not edit: run `npm run generate`.

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
