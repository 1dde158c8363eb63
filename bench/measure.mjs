// Timing helpers for the benchmarks: alternate the contenders round by round so that machine
// noise hits them alike, and keep the median.

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Mean microseconds per call of each contender, median over alternating rounds. */
export async function perCallMicros(contenders, options) {
  const samples = await perCallSamples(contenders, options);
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
}

/** Mean microseconds per call of each contender in each of the alternating rounds. */
export async function perCallSamples(contenders, { rounds = 15, callsPerRound = 2000 } = {}) {
  const samples = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (const fn of Object.values(contenders)) for (let i = 0; i < 200; i++) await fn(); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const [name, fn] of Object.entries(contenders)) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < callsPerRound; i++) await fn();
      samples[name].push(Number(process.hrtime.bigint() - start) / 1000 / callsPerRound);
    }
  }
  return samples;
}

/** A ratio of two contenders measured in the same rounds: the median of the per-round ratios, and their range. */
export const pairedRatio = (numerators, denominators) => spread(numerators.map((value, round) => value / denominators[round]));

/** The median and the range of a list of samples. */
export const spread = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

/** Fisher-Yates on a copy: each round runs the contenders in a new order. */
export const shuffled = (items) => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};

/**
 * Requests per second and CPU microseconds per call (this process only: the server runs in its
 * own) of each contender, `concurrency` calls in flight, contenders in random order each round.
 * Returns the median and the spread (min, max) over rounds.
 */
export async function wireContest(contenders, { rounds = 9, callsPerRound = 2000, concurrency = 32 } = {}) {
  const samples = Object.fromEntries(Object.keys(contenders).map((name) => [name, { rps: [], cpu: [] }]));
  const drive = async (fn, calls) => {
    let next = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next++ < calls) await fn();
    }));
  };
  for (const fn of Object.values(contenders)) await drive(fn, 500); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const [name, fn] of shuffled(Object.entries(contenders))) {
      const cpuBefore = process.cpuUsage();
      const start = process.hrtime.bigint();
      await drive(fn, callsPerRound);
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const cpu = process.cpuUsage(cpuBefore);
      samples[name].rps.push(callsPerRound / seconds);
      samples[name].cpu.push((cpu.user + cpu.system) / callsPerRound);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, { rps, cpu }]) => [name, { rps: spread(rps), cpuMicrosPerCall: spread(cpu), rounds: { rps, cpu } }]));
}
