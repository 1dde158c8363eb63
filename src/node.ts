// The package's entry on Node (the "node" export condition): undici's parts come with it
// (transport/node-undici.ts), then everything of index.ts.
import "./transport/node-undici.js";

export * from "./index.js";
