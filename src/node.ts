// The package's entry on Node (the "node" export condition): it imports undici's Agent
// statically, so that a bundler (esbuild --platform=node, webpack's node target) follows it into
// the bundle instead of leaving a dynamic import that fails where undici is not installed.
import Agent from "undici/lib/dispatcher/agent.js";
import { useUndiciAgent } from "./transport/undici.js";

useUndiciAgent(Agent);

export * from "./index.js";
