// The package's entry on Node (the "node" export condition): it imports undici's parts
// statically, so that a bundler (esbuild --platform=node, webpack's node target) follows them into
// the bundle instead of leaving a dynamic import that fails where undici is not installed.
import Agent from "undici/lib/dispatcher/agent.js";
import buildConnector from "undici/lib/core/connect.js";
import { useUndici } from "./transport/undici.js";

useUndici({ Agent, buildConnector });

export * from "./index.js";
