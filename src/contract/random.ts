import type { Schema } from "../../generated/contract-facts.js";

export type Random = { next(): number; int(min: number, max: number): number; pick<T>(items: readonly T[]): T; chance(p: number): boolean };

/** A seeded generator (mulberry32): the same seed gives the same cases. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}

function uuid(random: Random): string {
  const hex = (n: number) => Array.from({ length: n }, () => random.int(0, 15).toString(16)).join("");
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${random.pick(["8", "9", "a", "b"])}${hex(3)}-${hex(12)}`;
}

const words = ["alpha", "BTC", "USDT", "farm-01", "x", "Zeta_9", "perp", "a-b-c"];

/**
 * A value valid against the schema `s`, within every bound it states. `seen` holds values of the
 * documented examples by field name, picked half of the time so that requests look real.
 */
export function sampleValid(s: Schema, random: Random, seen: Map<string, unknown[]> = new Map(), field = ""): unknown {
  const known = seen.get(field);
  if (known?.length && random.chance(0.5)) return random.pick(known);
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) return random.pick(s.enum);
  const type = Array.isArray(s.type) ? random.pick(s.type.filter((t: string) => t !== "null")) : s.type;
  switch (type) {
    case "object": {
      const value: Record<string, unknown> = {};
      const required = new Set<string>(s.required ?? []);
      for (const [name, property] of Object.entries<Schema>(s.properties ?? {})) {
        if (required.has(name) || random.chance(0.5)) value[name] = sampleValid(property, random, seen, name);
      }
      return value;
    }
    case "integer": {
      const min = s.minimum ?? (s.maximum !== undefined ? s.maximum - 1000 : 0);
      const max = s.maximum ?? min + 1000;
      // The bounds themselves a fifth of the time each: that is where servers get rules wrong.
      const roll = random.next();
      return roll < 0.2 ? min : roll < 0.4 ? max : random.int(min, max);
    }
    case "boolean":
      return random.chance(0.5);
    case "array":
      return [];
    case "string":
      if (s.format === "uuid") return uuid(random);
      if (s.pattern !== undefined) return random.pick(s.examples ?? ["0"]);
      return random.pick([...(s.examples ?? []), ...words]);
    default:
      return null;
  }
}
