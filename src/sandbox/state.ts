import { createSecretKey, randomUUID, type KeyObject } from "node:crypto";
import Big from "big.js";
import type { Account, Code, Dataset, Deposit } from "../../generated/dataset.js";
import { canonicalAddress } from "./addresses.js";
import { invalidField } from "../server/api-error.js";
import { PageCache } from "./page-cache.js";

/** Limit and offset, defaults already applied from the document. */
type Page = { limit: number; offset: number };

/**
 * The sandbox's accounts, codes and deposits, in memory. Every change is synchronous, so
 * concurrent requests can never interleave inside one and lose an update.
 */
export class SandboxState {
  readonly currencies: Set<string>;
  readonly #dataset: Dataset;
  readonly #accounts = new Map<string, { account: Account; secret: KeyObject; partner: boolean }>();
  readonly #codes = new Map<string, Code>();
  readonly #refunded = new Set<string>();
  readonly #serviceAddresses: Set<string>;

  readonly #pages = new WeakMap<Account, PageCache>();

  constructor(dataset: Dataset) {
    this.#dataset = structuredClone(dataset);
    this.currencies = new Set(this.#dataset.currencies);
    this.#serviceAddresses = new Set(this.#dataset.serviceAddresses.map(canonicalAddress));
    for (const account of this.#dataset.accounts) {
      // No prototype: a currency named toString or __proto__ is just a name, never Object's.
      account.balances = Object.assign(Object.create(null) as Record<string, string>, account.balances);
      // The secret held as a KeyObject: made once, not converted from text on every request.
      for (const { key, secret } of account.apiKeys) this.#accounts.set(key, { account, secret: createSecretKey(Buffer.from(secret, "utf8")), partner: account.businessPartner });
    }
    for (const code of this.#dataset.codes) this.#codes.set(code.code, code);
  }

  #pagesOf(account: Account): PageCache {
    let pages = this.#pages.get(account);
    if (!pages) this.#pages.set(account, (pages = new PageCache()));
    return pages;
  }

  /** The account, secret and partner flag of an API key. */
  credentials(apiKey: string): { account: Account; secret: KeyObject; partner: boolean } | undefined {
    return this.#accounts.get(apiKey);
  }

  balances(account: Account, ticker?: string): Record<string, { main_balance: string }> {
    if (ticker !== undefined) {
      if (!this.currencies.has(ticker)) throw invalidField("ticker", `Currency ${ticker} is not known.`);
      return { [ticker]: { main_balance: account.balances[ticker] ?? "0" } };
    }
    const listed = Object.entries(account.balances).filter(([, amount]) => !new Big(amount).eq(0));
    return Object.fromEntries(listed.map(([currency, amount]) => [currency, { main_balance: amount }]));
  }

  /** A code is spent once: the kit's claim (the document's x-once-per) refuses it again before this runs. */
  applyCode(account: Account, code: string | undefined, passphrase: string | undefined) {
    const entry = code === undefined ? undefined : this.#codes.get(code);
    if (!entry) throw invalidField("code", "The code is not valid.");
    if ((entry.passphrase ?? undefined) !== passphrase) throw invalidField("passphrase", "The passphrase does not match the code.");
    // Computed before anything changes, so that a failure leaves the code unapplied.
    const credited = new Big(account.balances[entry.ticker] ?? "0").plus(entry.amount).toFixed();
    account.balances[entry.ticker] = credited;
    return { message: "Code was successfully applied", ticker: entry.ticker, amount: entry.amount, external_id: randomUUID() };
  }

  refundDeposit(account: Account, transactionId: string, address: string) {
    const deposit: Deposit | undefined = account.deposits.find((d) => d.transactionId === transactionId);
    if (!deposit || deposit.status !== "canceled") throw invalidField("transaction_id", "No cancelled deposit has this transaction id.");
    if (this.#refunded.has(transactionId)) throw invalidField("transaction_id", "This deposit has already been refunded.");
    const destination = canonicalAddress(address);
    if (destination === "") throw invalidField("address", "The address is empty.");
    if (this.#serviceAddresses.has(destination)) throw invalidField("address", "The address belongs to the service itself.");
    this.#refunded.add(transactionId);
    return { id: transactionId };
  }

  setAutoReinvest(account: Account, planId: string, enabled: boolean) {
    const plan = account.flexPlans.find((p) => p.id === planId);
    if (!plan) throw invalidField("plan", "No flexible plan has this identifier.");
    plan.autoReinvest = enabled;
    return { data: [] };
  }

  autoReinvest(account: Account, planId: string): boolean | undefined {
    return account.flexPlans.find((p) => p.id === planId)?.autoReinvest;
  }

  investments(account: Account, filter: { id?: string; ticker?: string; status?: number } & Page) {
    if (filter.ticker !== undefined && !this.currencies.has(filter.ticker)) throw invalidField("ticker", "The selected ticker is invalid.");
    return this.#pagesOf(account).page(["investments", filter.id, filter.ticker, filter.status], filter, () =>
      account.investments.filter(
        (i) => (filter.id === undefined || i.id === filter.id) && (filter.ticker === undefined || i.plan.ticker === filter.ticker) &&
          (filter.status === undefined || i.status === filter.status),
      ));
  }

  interestPayments(account: Account, filter: { planId?: string; ticker?: string } & Page) {
    if (filter.ticker !== undefined && !this.currencies.has(filter.ticker)) throw invalidField("ticker", "The selected ticker is invalid.");
    return this.#pagesOf(account).page(["interestPayments", filter.planId, filter.ticker], filter, () =>
      account.interestPayments.filter((p) => (filter.planId === undefined || p.planId === filter.planId) && (filter.ticker === undefined || p.ticker === filter.ticker)));
  }

  fundingHistory(account: Account, filter: { market?: string } & Page) {
    return this.#pagesOf(account).page(["fundingHistory", filter.market], filter, () =>
      account.fundingRecords.filter((r) => filter.market === undefined || r.market === filter.market));
  }

  payoutDestination(account: Account, accountName: string | undefined) {
    const mining = account.miningAccounts.find((m) => m.accountName === accountName);
    if (!mining) throw invalidField("user", "Mining account not found.");
    return { payoutDestination: mining.payoutDestination, externalAddress: mining.externalAddress };
  }

  resetSubAccountApiKey(account: Account, apiKeyId: string) {
    if (!account.subAccountApiKeys.includes(apiKeyId)) throw invalidField("apiKeyId", "No sub-account API key has this identifier.");
    return {};
  }
}
