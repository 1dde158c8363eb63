// undici 7 ships no declarations for its modules alone; they are the ones of its index.
declare module "undici/lib/dispatcher/pool.js" {
  import type { Pool } from "undici";
  const PoolClass: typeof Pool;
  export default PoolClass;
}

declare module "undici/lib/core/connect.js" {
  import type { buildConnector } from "undici";
  const build: typeof buildConnector;
  export default build;
}
