// undici 7 ships no declaration for its Agent module alone; it is the Agent of its index.
declare module "undici/lib/dispatcher/agent.js" {
  import type { Agent } from "undici";
  const AgentClass: typeof Agent;
  export default AgentClass;
}
