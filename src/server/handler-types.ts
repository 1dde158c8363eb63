// The handlers a server team writes, typed from the document: one per operation, each given the
// request body the operation takes and answering its 200 body or one of its documented errors.
import type { operations as Operations } from "../../generated/schema.js";
import type { OperationId, ResponseBody } from "../client/operation-types.js";
import type { ApiError } from "./api-error.js";
import type { PrivateOperationId, PublicOperationId } from "./routes.js";
import type { HandledBody } from "./validate.js";
import type { KeyRecord } from "./verify.js";
import type { HeadersInput } from "./api-handler-types.js";
import type { HeldClaim } from "./claims.js";

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type AsNumber<Text> = Text extends `${infer N extends number}` ? N : never;
type StatusRange<First extends number> = AsNumber<`${First}${Digit}${Digit}`>;
type StatusKey<Id extends OperationId> = keyof Operations[Id]["responses"];

/** The error statuses an operation documents (a documented `4XX` range stands for each 4xx status). */
export type ErrorStatus<Id extends OperationId> =
  | Exclude<AsNumber<`${Extract<StatusKey<Id>, number | string>}`>, 200>
  | ("4XX" extends StatusKey<Id> ? StatusRange<4> : never)
  | ("5XX" extends StatusKey<Id> ? StatusRange<5> : never);

/** A request as the kit saw it: enough for a handler to log or read a header. */
export type ApiRequest = {
  method: string;
  /** The path called, without the query. */
  path: string;
  headers: HeadersInput;
  /** The caller's address, as the rate limits count it. */
  address: string;
};

export type HandlerContext<Id extends PrivateOperationId, Key extends KeyRecord = KeyRecord> = {
  /** The body as validated, with the document's defaults applied. */
  body: HandledBody<Id>;
  apiKey: string;
  /** What `keys` returned for the API key. */
  key: Key;
  request: ApiRequest;
  /**
   * For an operation held once per value (a code; a rule the team declared in `oncePer`): the
   * kit's claim on the value, pending while the handler runs. Record `claim.token` with your own
   * write, in one transaction, so that `wasSpent` can tell whether this request spent the value.
   */
  claim?: HeldClaim;
};

/** What a handler answers: the 200 body, or a documented error (returned or thrown). */
export type HandlerAnswer<Id extends OperationId> = ResponseBody<Id> | ApiError<ErrorStatus<Id>>;
/**
 * An async handler's answer. The promise of the 200 body comes first so that an answer of the
 * wrong shape is explained against the 200 body (the field and its rule), not against ApiError; the
 * second member is for a handler that may answer either.
 */
export type AsyncAnswer<Id extends OperationId> = Promise<AnsweredBody<Id>> | Promise<HandlerAnswer<Id>>;
/**
 * The 200 body an async answer is first compared with: where the body has no `status`, an
 * ApiError answered in its place is explained by its status against the documented ones. (A body
 * keyed by ticker, written with the literal key "status", is the one answer this also refuses.)
 */
type AnsweredBody<Id extends OperationId> = ResponseBody<Id> extends { status: unknown } ? ResponseBody<Id> : { readonly status?: ErrorStatus<Id> } & ResponseBody<Id>;

export type OperationHandler<Id extends PrivateOperationId, Key extends KeyRecord = KeyRecord> = (
  context: HandlerContext<Id, Key>,
) => HandlerAnswer<Id> | AsyncAnswer<Id>;

export type PublicHandler<Id extends PublicOperationId> = (context: { request: ApiRequest }) => HandlerAnswer<Id> | AsyncAnswer<Id>;

/** The value of a handler the server does not have yet: the operation answers its documented 404 to every request. */
export const notImplemented: unique symbol = Symbol.for("txc-api.server.not-implemented");
export type NotImplemented = typeof notImplemented;

/**
 * One handler per signed operation, every one present (a missing key does not compile); the public
 * ones are optional and answer as the document shows by default.
 */
export type Handlers<Key extends KeyRecord = KeyRecord> = { [Id in PrivateOperationId]: OperationHandler<Id, Key> | NotImplemented } & {
  [Id in PublicOperationId]?: PublicHandler<Id> | NotImplemented;
};
