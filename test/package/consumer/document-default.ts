// The bundled document as a JSON module, without import attributes: node10 (typesVersions maps
// the subpath) and node16 (whose module setting takes no attributes).
import document from "txc-api/openapi.json";

export const version: string = document.info.version;
