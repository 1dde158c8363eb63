// Every public declaration of the package, for the type check under an ES2020 target and lib.
export * as main from "txc-api";
export type * as types from "txc-api/types";
export * as validators from "txc-api/validators";
export * as oneOperation from "txc-api/validators/getMainBalance";
