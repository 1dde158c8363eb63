// Minified sizes of what a bundler would ship: the client entry without the validators (they
// are a separate module, loaded with it), and the validators module.
import { build } from "esbuild";

const validatorsModule = new URL("../generated/validators.js", import.meta.url).pathname;

async function minifiedBytes(entry, external = []) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "silent",
    plugins: [{
      name: "external-validators",
      setup(b) {
        b.onResolve({ filter: /validators\.js$/ }, (args) => (external.includes("validators") ? { path: args.path, external: true } : undefined));
      },
    }],
  });
  return result.outputFiles[0].contents.length;
}

export async function sizes() {
  return {
    clientEntryWithoutValidators: await minifiedBytes(new URL("../dist/index.js", import.meta.url).pathname, ["validators"]),
    validatorsModule: await minifiedBytes(validatorsModule),
  };
}
