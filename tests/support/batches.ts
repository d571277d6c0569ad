/**
 * Runs `task` over `items` with at most `width` at a time, the answers in the items' order: for
 * set-ups that sign many bettors in (each sign-in hashes a password; all at once would swamp two
 * cores and the rate limits).
 */
export async function inBatches<T, R>(items: readonly T[], width: number, task: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i]!, i);
      }
    }),
  );
  return out;
}
