// Which error format a path takes. The description: "Public endpoints return errors as: success,
// message, params"; public endpoints are those that "need no authentication". So the format is
// read from each operation's security requirement, never from where its path happens to live: one
// unsigned operation added outside /api/v4/public/ changes nothing for the others.
import { operationIndex } from "../../generated/operations.js";

/** The directories above a path, nearest first: "/api/v4/public/ping" → "/api/v4/public/", "/api/v4/", "/api/", "/". */
function* directoriesAbove(path: string): Generator<string> {
  for (let slash = path.lastIndexOf("/", path.length - 2); slash >= 0; slash = slash === 0 ? -1 : path.lastIndexOf("/", slash - 1)) yield path.slice(0, slash + 1);
}

/** Where operations live and whether each needs a signature: what the rule reads (operationIndex's entries). */
export type PathSecurity = Iterable<{ path: string; signed: boolean }>;

/**
 * The rule over a set of operations: whether an error at a path takes the public format. The
 * path's operations need no signature; for a path no operation has (a 404), those of the nearest
 * directory above it that holds any (`/api/v4/public/nothing` is public; `/api/v4/nothing` is
 * private, as /api/v4/ holds private operations; a path outside the API is private). The package's
 * pick where the description is silent.
 */
export function publicPathRule(operations: PathSecurity): (path: string) => boolean {
  // Each operation's path, and each directory above one, with whether everything at it is unsigned.
  const unsignedAt = new Map<string, boolean>();
  for (const { path, signed } of operations) {
    for (const at of [path, ...directoriesAbove(path)]) unsignedAt.set(at, (unsignedAt.get(at) ?? true) && !signed);
  }
  return (path) => {
    const exact = unsignedAt.get(path);
    if (exact !== undefined) return exact;
    for (const directory of directoriesAbove(path)) {
      const below = unsignedAt.get(directory);
      if (below !== undefined) return below;
    }
    return false;
  };
}

/** Whether an error at this path takes the public format, by the document's operations (publicPathRule). */
export const isPublicPath = publicPathRule(Object.values(operationIndex));
