// undici's parts imported statically, for the code that runs on Node (the package's "node" entry
// and the command line): a bundler follows them into the bundle, so that nothing is loaded by a
// dynamic import that fails where undici is not installed.
import Pool from "undici/lib/dispatcher/pool.js";
import buildConnector from "undici/lib/core/connect.js";
import { useUndici } from "./undici.js";

useUndici({ Pool, buildConnector });
