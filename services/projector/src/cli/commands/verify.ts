/** ledger verify: one line per check, non-zero exit on any failure. */
import type { EventStore } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { projections } from '../../read-models';
import { verify } from '../../verify/verify';

export async function verifyCommand(
  pool: Pool,
  store: EventStore,
  out: (line: string) => void,
): Promise<number> {
  let failures = 0;
  let shown = '';
  const progress = (line: string) => {
    // Only on a terminal: a redirected report stays one line per check.
    if (!process.stderr.isTTY || line === shown) return;
    shown = line;
    process.stderr.write(`\r\x1b[K${line}`);
  };
  await verify({
    pool,
    store,
    projections,
    onProgress(stage, done, total) {
      progress(
        stage === 'hash chain'
          ? `hash chain: ${done.toLocaleString('en')} events`
          : `rebuilding: position ${done} of ${total}`,
      );
    },
    onCheck(check) {
      if (shown) process.stderr.write('\r\x1b[K');
      shown = '';
      if (!check.ok) failures++;
      out(`${check.ok ? '✔' : '✘'} ${check.name}: ${check.detail}`);
    },
  });
  out(failures ? `✘ ${failures} check(s) failed` : '✔ all checks passed');
  return failures ? 1 : 0;
}
