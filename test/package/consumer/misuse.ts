// Each line below misuses the API and must fail the type check.
import { createClient } from "txc-api";
import type { CodeApplicationResult } from "txc-api/types";

const client = createClient({ baseUrl: "http://127.0.0.1:8080" });
await client.getInvestmentsHistory({ status: 3 });
await client.updateFlexAutoReinvestment({ enabled: true });
export const credited: CodeApplicationResult = { message: "ok", ticker: "USDT", amount: 25, external_id: "8e2f6a1c-3b4d-4e5f-9a0b-7c6d5e4f3a2b" };
