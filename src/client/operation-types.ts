import type { operations as Operations } from "../../generated/schema.js";
import type { OperationId, operationIndex } from "../../generated/operations.js";
import type { SigningField } from "../signing/signing-fields.js";

export type { OperationId };

type JsonBody<T> = T extends { content: { "application/json": infer Body } } ? Body : never;

/** The full JSON body of an operation, the signing fields included. */
export type RequestBody<Id extends OperationId> = JsonBody<NonNullable<Operations[Id]["requestBody"]>>;

/** What a caller passes: the body without the signing fields, which the client adds. */
export type Params<Id extends OperationId> = [RequestBody<Id>] extends [never] ? Record<string, never> : Omit<RequestBody<Id>, SigningField>;

/** The typed 200 body of an operation. */
export type ResponseBody<Id extends OperationId> = JsonBody<Operations[Id]["responses"][200]>;

export type CallOptions = {
  /** Aborts the call, retries included. */
  signal?: AbortSignal;
  /** Per-attempt timeout in milliseconds; overrides the client's. */
  timeoutMs?: number;
  /** Fields the document does not list, added to this call's signed body (after the client's own `extraFields`). */
  extraFields?: Readonly<Record<string, unknown>>;
};

/** One method per operation. Parameters may be left out where every field is optional. */
export type OperationMethods = {
  [Id in OperationId]: {} extends Params<Id>
    ? (params?: Params<Id>, options?: CallOptions) => Promise<ResponseBody<Id>>
    : (params: Params<Id>, options?: CallOptions) => Promise<ResponseBody<Id>>;
};

type IndexEntry<Id extends OperationId> = (typeof operationIndex)[Id];

/** Operations whose request is paged by limit and offset and whose answer carries records. */
export type PagedOperationId = { [Id in OperationId]: IndexEntry<Id>["pagination"] extends null ? never : Id }[OperationId];

/** How an operation pages: the names of its fields (`x-paging`) and their bounds. */
export type PagingOf<Id extends PagedOperationId> = NonNullable<IndexEntry<Id>["pagination"]>;

/** The parameters of a walk: the operation's own, with the offset to start from. */
export type PageParams<Id extends PagedOperationId> = Omit<Params<Id>, PagingOf<Id>["offsetField"]> & { [Field in PagingOf<Id>["offsetField"]]?: number };

export type PageRecord<Id extends PagedOperationId> = ResponseBody<Id>[PagingOf<Id>["recordsField"] & keyof ResponseBody<Id>] extends readonly (infer R)[] ? R : never;
