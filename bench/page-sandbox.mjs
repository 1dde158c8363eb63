// A sandbox process for bench/sandbox-pages.mjs: 100 investments on the partner account and one
// API key per caller in flight, rate limits off, pages cached or not (argv). Prints its port.
import { builtInDataset } from "../dist/sandbox/dataset.js";
import { createSandbox } from "../dist/sandbox/server.js";

const [cache, callers] = [process.argv[2] === "cached", Number(process.argv[3])];
const dataset = builtInDataset();
const partner = dataset.accounts[0];
partner.investments = Array.from({ length: 100 }, (_, i) => ({ ...partner.investments[i % partner.investments.length], id: `0d3b5c9a-6c2e-4f71-9a34-${String(i).padStart(12, "0")}` }));
partner.apiKeys = Array.from({ length: callers }, (_, i) => ({ key: `page-${i}`, secret: `page-secret-${i}` }));
const server = createSandbox({ dataset, docsFile: "/nonexistent", documentFile: "/nonexistent", rateLimits: false, cachePages: cache });
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
