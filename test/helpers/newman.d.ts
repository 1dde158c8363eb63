// What the tests use of newman (it ships no types): run a collection, hear the summary.
declare module "newman" {
  type Variable = { key: string; value: string };
  type RunOptions = { collection: object | string; environment?: { values: Variable[] }; reporters?: string[] };
  type Summary = { run: { executions: unknown[]; failures: unknown[] } };
  const newman: { run(options: RunOptions, callback: (error: Error | null, summary: Summary) => void): void };
  export default newman;
}
