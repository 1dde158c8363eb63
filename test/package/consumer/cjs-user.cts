// A TypeScript project compiled to CommonJS: with "module": "nodenext" (TypeScript 5.8 and later)
// it may import this ESM-only package, which Node 20.19+ loads with require().
import { createClient, type TxcClient } from "txc-api";

export const makeClient = (baseUrl: string): TxcClient => createClient({ baseUrl });
