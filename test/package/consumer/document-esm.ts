// The bundled document as a JSON module, under node16 and bundler resolution.
import document from "txc-api/openapi.json" with { type: "json" };

export const version: string = document.info.version;
