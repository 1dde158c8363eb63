// Timing helpers for the benchmarks: alternate the contenders round by round so that machine
// noise hits them alike, and keep the median.

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Mean microseconds per call of each contender, median over alternating rounds. */
export async function perCallMicros(contenders, { rounds = 15, callsPerRound = 2000 } = {}) {
  const samples = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (const fn of Object.values(contenders)) for (let i = 0; i < 200; i++) await fn(); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const [name, fn] of Object.entries(contenders)) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < callsPerRound; i++) await fn();
      samples[name].push(Number(process.hrtime.bigint() - start) / 1000 / callsPerRound);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
}

/** Requests per second of each contender with `concurrency` calls in flight, median over rounds. */
export async function throughput(contenders, { rounds = 9, callsPerRound = 1500, concurrency = 32 } = {}) {
  const samples = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  const drive = async (fn, calls) => {
    let next = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next++ < calls) await fn();
    }));
  };
  for (const fn of Object.values(contenders)) await drive(fn, 300); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const [name, fn] of Object.entries(contenders)) {
      const start = process.hrtime.bigint();
      await drive(fn, callsPerRound);
      samples[name].push(callsPerRound / (Number(process.hrtime.bigint() - start) / 1e9));
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
}
