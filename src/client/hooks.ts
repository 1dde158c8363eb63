import type { AttemptEvent } from "../transport/attempt-event.js";
import { OptionsError } from "../errors/options.js";

export type ClientHooks = {
  /** Before each attempt is sent, once it is signed. */
  onRequest?: (event: AttemptEvent) => void;
  /** When an attempt's answer has been read, whatever its status. */
  onResponse?: (event: AttemptEvent) => void;
  /** Before each wait for another attempt. */
  onRetry?: (event: AttemptEvent) => void;
  /** Once per failed call, with its last attempt. */
  onError?: (event: AttemptEvent) => void;
};

type HookName = keyof ClientHooks;

/**
 * The hooks of a client, called synchronously in order (the caller's, then the debug log's). A hook
 * that throws does not break the call: its first error is reported once as a process warning.
 */
export class HookRunner {
  readonly #lists: Record<HookName, ((event: AttemptEvent) => void)[]> = { onRequest: [], onResponse: [], onRetry: [], onError: [] };
  readonly #warned = new Set<string>();
  readonly any: boolean;

  constructor(...sets: (ClientHooks | undefined)[]) {
    for (const hooks of sets) {
      for (const name of Object.keys(this.#lists) as HookName[]) {
        const hook = hooks?.[name];
        if (hook === undefined) continue;
        if (typeof hook !== "function") throw new OptionsError(`hooks.${name} must be a function`);
        this.#lists[name].push(hook);
      }
    }
    this.any = Object.values(this.#lists).some((list) => list.length > 0);
  }

  has(name: HookName): boolean {
    return this.#lists[name].length > 0;
  }

  emit(name: HookName, event: AttemptEvent) {
    for (const hook of this.#lists[name]) {
      try {
        const result = hook(event) as unknown;
        // An async hook is not awaited; its rejection is reported like a throw.
        if (result instanceof Promise) result.catch((error) => this.#report(name, error));
      } catch (error) {
        this.#report(name, error);
      }
    }
  }

  #report(name: HookName, error: unknown) {
    if (this.#warned.has(name)) return;
    this.#warned.add(name);
    const message = error instanceof Error ? error.message : String(error);
    process.emitWarning(`a ${name} hook threw (${message.split("\n")[0]}); the call went on. Later errors of this hook are not reported.`, { type: "TxcHookWarning" });
  }
}
