/**
 * Run `fn` over `items`, `n` at a time; rejects with the first failure once every started call settled. The live
 * suites run mutants side by side with it: the probes and reference servers wait on events, not on the clock, so a
 * verdict must not depend on how many run beside it (issue 31), and running them so is itself a check of that.
 */
export async function inPool<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(n, items.length) }, worker));
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}
