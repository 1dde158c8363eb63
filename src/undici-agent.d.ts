// undici 7 ships no declarations for its modules alone; they are the ones of its index.
declare module "undici/lib/dispatcher/agent.js" {
  import type { Agent } from "undici";
  const AgentClass: typeof Agent;
  export default AgentClass;
}

declare module "undici/lib/core/connect.js" {
  import type { buildConnector } from "undici";
  const build: typeof buildConnector;
  export default build;
}
