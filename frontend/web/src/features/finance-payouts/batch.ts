/**
 * Runs the marks of a batch one after another: a refusal or a network error is that row's result,
 * never the end of the batch.
 */
import { errorMessage } from '../../shared/api/api';

export interface RowResult {
  ok: boolean;
  /** The server's message (success or problem), or ours when no answer came. */
  message: string;
}

export const NO_ANSWER = 'No answer from the server. Try again: a retry cannot record a payout twice.';

export async function runInTurn<T>(
  items: readonly T[],
  /** Resolves to the server's success message; rejects with the RTK error. */
  run: (item: T) => Promise<string>,
  onResult: (item: T, result: RowResult, done: number) => void,
): Promise<RowResult[]> {
  const results: RowResult[] = [];
  for (const item of items) {
    let result: RowResult;
    try {
      result = { ok: true, message: await run(item) };
    } catch (error) {
      result = { ok: false, message: errorMessage(error, NO_ANSWER) };
    }
    results.push(result);
    onResult(item, result, results.length);
  }
  return results;
}
