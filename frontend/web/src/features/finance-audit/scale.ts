/** Pure helpers of the overview's charts: a rounded axis, which days get a label, and the summary. */

/** A rounded top and step for the value axis: 0, step, 2 step... up to at least `max`. */
export function niceAxis(max: number, ticks = 4, whole = false): { top: number; step: number } {
  if (!(max > 0)) return { top: ticks, step: 1 };
  const rough = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough)!;
  // Counts step by whole numbers: 0, 1, 2 rather than 0, 0.5, 1.
  if (whole) step = Math.max(1, Math.ceil(step));
  return { top: step * Math.ceil(max / step), step };
}

/** Which day indexes carry a date label under the chart: about `room` of them, always the last one. */
export function labelledDays(count: number, room: number): number[] {
  if (count <= 0) return [];
  const every = Math.max(1, Math.ceil(count / Math.max(1, room)));
  const picked: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) picked.unshift(i);
  return picked;
}

/** '22 Nov' from '2026-11-22' (the server's Lagos date, shown as that day whatever the reader's zone). */
export function shortDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-NG', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

export interface SeriesSummary {
  label: string;
  total: number;
  peak: number;
  peakDate: string | null;
  last: number;
}

export function summarise(label: string, dates: readonly string[], values: readonly number[]): SeriesSummary {
  let peak = 0;
  let peakDate: string | null = null;
  values.forEach((value, i) => {
    if (value > peak) {
      peak = value;
      peakDate = dates[i] ?? null;
    }
  });
  return { label, total: values.reduce((sum, v) => sum + v, 0), peak, peakDate, last: values.at(-1) ?? 0 };
}
