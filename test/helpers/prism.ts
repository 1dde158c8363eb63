import path from "node:path";
import { bin, generatedDir } from "./project.js";
import { freePort, startProcess, type Started } from "./processes.js";

export type Prism = Started & { baseUrl: string };

/** A real Prism mock of the bundled document on a free loopback port. */
export async function startPrism(): Promise<Prism> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = await startProcess(
    bin("prism"),
    ["mock", path.join(generatedDir, "openapi.json"), "--host", "127.0.0.1", "--port", String(port), "--verboseLevel", "warn"],
    async () => (await fetch(`${baseUrl}/api/v4/public/ping`)).ok,
  );
  return { ...started, baseUrl };
}
