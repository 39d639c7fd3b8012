/**
 * A small accessible SVG chart of per-day figures: grouped bars (several series) or a line (one).
 * The picture is one role="img" with a summary for screen readers; "Show as table" gives every
 * figure; each bar or point names its day and value in a <title> (the hover tooltip).
 */
import { Button, HTMLTable } from '@blueprintjs/core';
import { useEffect, useId, useRef, useState } from 'react';
import { labelledDays, niceAxis, shortDay } from './scale';

export interface ChartSeries {
  key: string;
  label: string;
  /** A CSS colour, from the theme's variables. */
  color: string;
  values: number[];
}

interface DailyChartProps {
  title: string;
  /** What the picture shows, in words (role="img"'s label). */
  summary: string;
  dates: string[];
  series: ChartSeries[];
  kind: 'bars' | 'line';
  format: (value: number) => string;
  /** Short axis labels (₦12k). */
  formatAxis?: (value: number) => string;
  /** The values are counts: the axis steps by whole numbers. */
  whole?: boolean;
}

const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };

/** The drawing's width follows its box, so text keeps its size on a phone (no stretching). */
function useBoxWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function DailyChart({
  title,
  summary,
  dates,
  series,
  kind,
  format,
  formatAxis = format,
  whole = false,
}: DailyChartProps) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const [box, WIDTH] = useBoxWidth(640);
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const { top, step } = niceAxis(max, 4, whole);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, dates.length);
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  const xMid = (i: number) => PAD.left + slot * (i + 0.5);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const labelled = labelledDays(dates.length, Math.max(2, Math.floor(plotW / 80)));
  // Bars fill 70% of a day's slot, split between the series.
  const barW = (slot * 0.7) / series.length;

  return (
    <figure className="kobo-card kobo-finance-audit-chart">
      <figcaption className="kobo-finance-audit-chart-head">
        <h3 className="kobo-finance-audit-chart-title">{title}</h3>
        {series.length > 1 ? (
          <ul className="kobo-finance-audit-legend" aria-hidden="true">
            {series.map((s) => (
              <li key={s.key}>
                <span className="kobo-finance-audit-swatch" style={{ background: s.color }} />
                {s.label}
              </li>
            ))}
          </ul>
        ) : null}
      </figcaption>
      <div ref={box} className="kobo-finance-audit-plot">
        <svg
          className="kobo-finance-audit-svg"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={summary}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                className="kobo-finance-audit-grid"
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
              />
              <text
                className="kobo-finance-audit-axis"
                x={PAD.left - 6}
                y={y(tick)}
                dy="0.32em"
                textAnchor="end"
              >
                {formatAxis(tick)}
              </text>
            </g>
          ))}
          {labelled.map((i) => (
            <text
              key={dates[i]}
              className="kobo-finance-audit-axis"
              x={i === dates.length - 1 ? WIDTH - PAD.right : xMid(i)}
              y={HEIGHT - 8}
              textAnchor={i === dates.length - 1 ? 'end' : 'middle'}
            >
              {shortDay(dates[i]!)}
            </text>
          ))}
          {kind === 'bars'
            ? dates.map((date, i) => (
                <g key={date} className="kobo-finance-audit-day">
                  <title>
                    {`${shortDay(date)}: ${series.map((s) => `${s.label} ${format(s.values[i] ?? 0)}`).join(', ')}`}
                  </title>
                  {/* The whole slot answers the hover, not just the (maybe tiny) bars. */}
                  <rect x={PAD.left + slot * i} y={PAD.top} width={slot} height={plotH} fill="transparent" />
                  {series.map((s, k) => {
                    const value = s.values[i] ?? 0;
                    const h = Math.max(value > 0 ? 1.5 : 0, (value / top) * plotH);
                    return (
                      <rect
                        key={s.key}
                        x={xMid(i) - (barW * series.length) / 2 + barW * k}
                        y={PAD.top + plotH - h}
                        width={Math.max(1, barW - (series.length > 1 ? 1 : 0))}
                        height={h}
                        rx={Math.min(2, barW / 4)}
                        fill={s.color}
                      />
                    );
                  })}
                </g>
              ))
            : series.map((s) => (
                <g key={s.key}>
                  <path
                    className="kobo-finance-audit-area"
                    d={`M ${xMid(0)} ${y(0)} ${s.values.map((v, i) => `L ${xMid(i)} ${y(v)}`).join(' ')} L ${xMid(s.values.length - 1)} ${y(0)} Z`}
                    fill={s.color}
                  />
                  <polyline
                    className="kobo-finance-audit-line"
                    points={s.values.map((v, i) => `${xMid(i)},${y(v)}`).join(' ')}
                    stroke={s.color}
                  />
                  {s.values.map((v, i) => (
                    <g key={dates[i]} className="kobo-finance-audit-day">
                      <title>{`${shortDay(dates[i]!)}: ${s.label} ${format(v)}`}</title>
                      <rect
                        x={PAD.left + slot * i}
                        y={PAD.top}
                        width={slot}
                        height={plotH}
                        fill="transparent"
                      />
                      <circle cx={xMid(i)} cy={y(v)} r={dates.length > 45 ? 1.5 : 3} fill={s.color} />
                    </g>
                  ))}
                </g>
              ))}
          <line
            className="kobo-finance-audit-baseline"
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(0)}
            y2={y(0)}
          />
        </svg>
      </div>
      <p className="kobo-muted kobo-finance-audit-chart-summary">{summary}</p>
      <Button
        variant="minimal"
        size="small"
        icon={asTable ? 'timeline-bar-chart' : 'th'}
        text={asTable ? 'Hide the table' : 'Show as table'}
        aria-expanded={asTable}
        aria-controls={tableId}
        onClick={() => setAsTable((shown) => !shown)}
      />
      <div id={tableId} hidden={!asTable} className="kobo-finance-audit-chart-table">
        {asTable ? (
          <HTMLTable compact striped>
            <caption className="kobo-visually-hidden">{title}, per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {series.map((s) => (
                  <th scope="col" key={s.key} className="kobo-finance-audit-num">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...dates].reverse().map((date) => {
                const i = dates.indexOf(date);
                return (
                  <tr key={date}>
                    <th scope="row">{shortDay(date)}</th>
                    {series.map((s) => (
                      <td key={s.key} className="kobo-finance-audit-num">
                        {format(s.values[i] ?? 0)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        ) : null}
      </div>
    </figure>
  );
}
