/**
 * Calls made in one turn of the event loop, sent as one statement. Under load many requests reach
 * the same step together (the answers of one group commit are stored together), and each round
 * trip costs this process a write to the socket and a wake-up of a PostgreSQL backend: on this
 * machine those were a third of the API's event loop under the withdrawal load.
 *
 * `run` gets the items of a turn and answers each, in order. With `keyOf`, items with the same key
 * go in separate runs, since one statement cannot tell apart two rows of one key; without it, all
 * of a turn's items go in one run. When a run fails, each of its items is run again alone, so a
 * bad item fails only its own caller.
 */
export function sameTurn<T, R>(
  run: (items: T[]) => Promise<R[]>,
  keyOf?: (item: T) => string,
): (item: T) => Promise<R> {
  type Call = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  let calls: Call[] = [];

  async function send(runCalls: Call[]): Promise<void> {
    let results: R[];
    try {
      results = await run(runCalls.map((call) => call.item));
      if (results.length !== runCalls.length)
        throw new Error(`sameTurn: ${runCalls.length} items answered with ${results.length} results`);
    } catch (error) {
      if (runCalls.length === 1) runCalls[0]!.reject(error);
      else for (const call of runCalls) void send([call]);
      return;
    }
    runCalls.forEach((call, i) => call.resolve(results[i]!));
  }

  function flush(): void {
    const turn = calls;
    calls = [];
    if (!keyOf) return void send(turn);
    // The n-th call of a key goes in the n-th run.
    const runs: Call[][] = [];
    const seen = new Map<string, number>();
    for (const call of turn) {
      const key = keyOf(call.item);
      const index = seen.get(key) ?? 0;
      seen.set(key, index + 1);
      (runs[index] ??= []).push(call);
    }
    for (const runCalls of runs) void send(runCalls);
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      if (calls.length === 0) setImmediate(flush);
      calls.push({ item, resolve, reject });
    });
}
