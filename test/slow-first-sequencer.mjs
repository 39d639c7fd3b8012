/**
 * Jest's order, with the files known to be slow first: two workers then finish together instead of
 * one starting a four-minute end-to-end file when the other has nothing left. Jest's own sequencer
 * orders by the times of this machine's last run, which a fresh checkout (CI) has not got, and runs
 * a file without a time before every file with one, ordered by size, which says little here (a
 * short file can start a server and a browser). The times kept in test/durations.json (seconds, of
 * a whole run, refreshed with test/record-durations.mjs) stand in for a missing one; a file with
 * neither is taken for a quick one and placed by its size among them.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import jestSequencer from '@jest/test-sequencer';

// A CommonJS package: its class is the `default` of what it exports.
const Sequencer = jestSequencer.default ?? jestSequencer;
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const kept = JSON.parse(readFileSync(join(here, 'durations.json'), 'utf8'));

class SlowFirstSequencer extends Sequencer {
  /** Milliseconds: this machine's last run of the file, else the kept figure, else none. */
  time(test) {
    const measured = super.time(test);
    if (measured != null) return measured;
    const seconds = kept[relative(root, test.path).split('\\').join('/')];
    return seconds == null ? undefined : seconds * 1000;
  }

  sort(tests) {
    const size = new Map(tests.map((test) => [test.path, statSync(test.path).size]));
    for (const test of tests) test.duration = this.time(test);
    return tests.sort(
      (a, b) =>
        // What failed last time first, for the quickest word on it; then the longest first.
        Number(this.hasFailed(b)) - Number(this.hasFailed(a)) ||
        (b.duration ?? 0) - (a.duration ?? 0) ||
        size.get(b.path) - size.get(a.path),
    );
  }
}

export default SlowFirstSequencer;
