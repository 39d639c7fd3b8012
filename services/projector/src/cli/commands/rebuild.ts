/** ledger rebuild <projection|all>: shadow tables, progress bar with events/s, then the swap. */
import cliProgress from 'cli-progress';
import type { EventStore } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { projections, projectionsNamed } from '../../read-models';
import { rebuild } from '../../rebuild/rebuild';
import { UsageError } from '../args';

export async function rebuildCommand(
  pool: Pool,
  store: EventStore,
  target: string | undefined,
  out: (line: string) => void,
): Promise<number> {
  if (!target)
    throw new UsageError(
      `rebuild needs a projection or "all": ${projections.map((p) => p.name).join(', ')}, all`,
    );
  const selected = projectionsNamed(target === 'all' ? 'all' : target.split(','));
  const started = Date.now();
  const bar = new cliProgress.SingleBar(
    {
      format: ' {bar} {percentage}% | {value}/{total} events | {speed} events/s | {phase}',
      stream: process.stderr,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let running = false;
  const result = await rebuild({
    pool,
    store,
    projections: selected,
    onProgress(progress) {
      const speed = Math.round(progress.events / Math.max(0.001, (Date.now() - started) / 1000));
      const payload = { speed: speed.toLocaleString('en'), phase: progress.phase };
      if (!running) {
        bar.start(Math.max(progress.head, progress.position), progress.position, payload);
        running = true;
      }
      bar.setTotal(Math.max(progress.head, progress.position));
      bar.update(progress.position, payload);
    },
  });
  if (running) bar.stop();
  out(
    `✔ rebuilt ${selected.map((p) => p.name).join(', ')}: ${result.events.toLocaleString('en')} events up to position ` +
      `${result.position} in ${result.seconds.toFixed(1)} s (${Math.round(result.events / result.seconds).toLocaleString('en')} events/s); swapped in`,
  );
  return 0;
}
