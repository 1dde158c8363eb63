// txc-api/server/express: the kit as Express 5 middleware (express is an optional peer dependency;
// nothing here imports it).
export { txcApi, txcApiNotFound, type ExpressRequest, type Middleware, type Next } from "./server/express.js";
