// node src/main.mjs: the API on node:http at PORT (default 8080).
import { createServer } from "node:http";
import { createApi } from "./api.mjs";
import { stores } from "./stores.mjs";

const api = createApi(await stores());
const server = createServer(api.listener);
server.listen(Number(process.env.PORT ?? 8080), "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
