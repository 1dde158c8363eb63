// The handlers of a server that has written no operation yet: every signed operation of the
// document `notImplemented`, for a test server to spread the ones it writes over.
import { operationIndex } from "../../generated/operations.js";
import { notImplemented, type NotImplemented, type PrivateOperationId } from "../../src/server-entry.js";

export const notWrittenYet = (): Record<PrivateOperationId, NotImplemented> =>
  Object.fromEntries(Object.entries(operationIndex).filter(([, operation]) => operation.signed).map(([id]) => [id, notImplemented])) as Record<PrivateOperationId, NotImplemented>;
