// npm run generate [-- --out DIR]: every generated artefact, in order, from openapi/.
import { bundle } from "./bundle.mjs";
import { bundleWorkflows } from "./workflows.mjs";
import { generateTypes } from "./types.mjs";
import { generateValidators } from "./validators.mjs";
import { generateDataset } from "./dataset.mjs";
import { generateOperations } from "./operations.mjs";
import { generateContractFacts } from "./contract-facts.mjs";
import { generatePostman } from "./postman.mjs";
import { generateBruno } from "./bruno.mjs";
import { generateSigningVectors } from "./signing-vectors.mjs";
import { generateMcpTools } from "./mcp-tools.mjs";
import { isMain, outDirFromArgs } from "./project.mjs";

export async function generate(outDir) {
  bundle(outDir);
  bundleWorkflows(outDir);
  await generateTypes(outDir);
  generateValidators(outDir);
  generateDataset(outDir);
  generateOperations(outDir);
  generateContractFacts(outDir);
  generatePostman(outDir);
  generateBruno(outDir);
  generateSigningVectors(outDir);
  generateMcpTools(outDir);
}

if (isMain(import.meta.url)) await generate(outDirFromArgs());
