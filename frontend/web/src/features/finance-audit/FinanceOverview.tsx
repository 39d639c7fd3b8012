/**
 * Finance's Overview tab: the money at a glance, per day (Africa/Lagos days, from GET
 * /finance/charts), and the journal export for a range of days. The period is in the address
 * (`days`), beside the page's `tab`.
 */
import { AnchorButton, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/api';
import { formatNaira } from '../../shared/money';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { StatCard } from '../../shared/ui/StatCard';
import { journalCsvUrl, useGetFinanceChartsQuery, type ChartDay } from './api';
import { DailyChart } from './DailyChart';
import { shortDay, summarise } from './scale';
import './finance-audit.css';

export const PERIODS = [7, 30, 90] as const;
const DEFAULT_PERIOD = 30;

const IN_COLOUR = 'var(--kobo-brand)';
const OUT_COLOUR = 'var(--kobo-accent)';

const compactNaira = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });
const axisNaira = (value: number) => `₦${compactNaira.format(value)}`;
const count = (value: number) => value.toLocaleString('en-NG');

export function periodFrom(params: URLSearchParams): number {
  const asked = Number(params.get('days'));
  return (PERIODS as readonly number[]).includes(asked) ? asked : DEFAULT_PERIOD;
}

function peakText(format: (n: number) => string, s: ReturnType<typeof summarise>) {
  return s.peakDate ? `, highest ${format(s.peak)} on ${shortDay(s.peakDate)}` : '';
}

export function FinanceOverview() {
  const [params, setParams] = useSearchParams();
  const days = periodFrom(params);
  const charts = useGetFinanceChartsQuery(days);
  const periodId = useId();

  const choosePeriod = (next: number) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_PERIOD) updated.delete('days');
        else updated.set('days', String(next));
        return updated;
      },
      { replace: true },
    );

  return (
    <div className="kobo-finance-audit">
      <div className="kobo-card kobo-finance-audit-toolbar">
        <FormGroup label="Period" labelFor={periodId} inline className="kobo-finance-audit-period">
          <HTMLSelect
            id={periodId}
            value={days}
            onChange={(event) => choosePeriod(Number(event.target.value))}
            options={PERIODS.map((value) => ({ value, label: `Last ${value} days` }))}
          />
        </FormGroup>
        <span className="kobo-muted">Days are Lagos calendar days, ending today.</span>
      </div>
      {charts.isLoading ? (
        <LoadingState label="Loading the figures..." />
      ) : charts.isError || !charts.data ? (
        <ErrorState
          title="The figures could not be loaded"
          message={errorMessage(charts.error, 'Please try again.')}
          onRetry={charts.refetch}
        />
      ) : (
        <Charts days={charts.data} period={days} />
      )}
      <JournalExport />
      <details className="kobo-card kobo-finance-audit-meaning">
        <summary>What these figures mean</summary>
        <dl>
          <dt>Money in</dt>
          <dd>
            What users earned that day: credits to their account and activity balances for task rewards,
            signup and referral bonuses, and balance adjustments upwards. Money returned from a rejected
            withdrawal or a failed payout is not counted again.
          </dd>
          <dt>Money out</dt>
          <dd>Payouts marked paid that day: the money that left for users&rsquo; banks (after any fee).</dd>
          <dt>Pending withdrawals</dt>
          <dd>Withdrawals requested by the end of the day and not yet approved or rejected by then.</dd>
          <dt>Proofs awaiting review</dt>
          <dd>Task proofs submitted by the end of the day and not yet approved or rejected by then.</dd>
        </dl>
      </details>
    </div>
  );
}

function Charts({ days, period }: { days: ChartDay[]; period: number }) {
  const dates = days.map((day) => day.date);
  const moneyIn = days.map((day) => day.moneyIn);
  const moneyOut = days.map((day) => day.moneyOut);
  const pending = days.map((day) => day.pendingWithdrawals);
  const proofs = days.map((day) => day.proofsAwaitingReview);
  const inSummary = summarise('Money in', dates, moneyIn);
  const outSummary = summarise('Money out', dates, moneyOut);
  const pendingSummary = summarise('Pending withdrawals', dates, pending);
  const proofSummary = summarise('Proofs awaiting review', dates, proofs);
  const today = days.at(-1)!;
  const span = `the last ${period} days`;

  return (
    <>
      <div className="kobo-grid kobo-finance-audit-cards">
        <StatCard
          label={`Money in, ${span}`}
          icon="arrow-down"
          value={formatNaira(inSummary.total)}
          hint={`Today ${formatNaira(today.moneyIn)}`}
        />
        <StatCard
          label={`Money out, ${span}`}
          icon="arrow-up"
          value={formatNaira(outSummary.total)}
          hint={`Today ${formatNaira(today.moneyOut)}`}
        />
        <StatCard
          label="Pending withdrawals now"
          icon="time"
          value={count(today.pendingWithdrawals)}
          hint={formatNaira(today.pendingWithdrawalAmount)}
        />
        <StatCard
          label="Proofs awaiting review now"
          icon="eye-open"
          value={count(today.proofsAwaitingReview)}
        />
      </div>
      <div className="kobo-finance-audit-charts">
        <DailyChart
          title="Money in and out per day"
          kind="bars"
          dates={dates}
          format={formatNaira}
          formatAxis={axisNaira}
          series={[
            { key: 'in', label: 'Money in', color: IN_COLOUR, values: moneyIn },
            { key: 'out', label: 'Money out', color: OUT_COLOUR, values: moneyOut },
          ]}
          summary={`Money in and out per day over ${span}. Money in ${formatNaira(inSummary.total)} in total${peakText(formatNaira, inSummary)}. Money out ${formatNaira(outSummary.total)} in total${peakText(formatNaira, outSummary)}.`}
        />
        <DailyChart
          title="Pending withdrawals at the end of each day"
          kind="line"
          whole
          dates={dates}
          format={count}
          series={[{ key: 'pending', label: 'Pending withdrawals', color: OUT_COLOUR, values: pending }]}
          summary={`Pending withdrawals at the end of each day over ${span}: ${count(pendingSummary.last)} today${peakText(count, pendingSummary)}.`}
        />
        <DailyChart
          title="Proofs awaiting review at the end of each day"
          kind="line"
          whole
          dates={dates}
          format={count}
          series={[{ key: 'proofs', label: 'Proofs awaiting review', color: IN_COLOUR, values: proofs }]}
          summary={`Proofs awaiting review at the end of each day over ${span}: ${count(proofSummary.last)} today${peakText(count, proofSummary)}.`}
        />
      </div>
    </>
  );
}

function JournalExport() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const fromId = useId();
  const toId = useId();
  const backwards = !!from && !!to && from > to;
  return (
    <section className="kobo-card kobo-finance-audit-export" aria-labelledby={`${fromId}-title`}>
      <h3 id={`${fromId}-title`} className="kobo-finance-audit-section-title">
        Export the journal
      </h3>
      <p className="kobo-muted">
        Every posting in log order as CSV (kobo and naira). Leave a date empty to export from the beginning or
        up to now.
      </p>
      <div className="kobo-finance-audit-export-row">
        <FormGroup label="From" labelFor={fromId}>
          <InputGroup
            id={fromId}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
        </FormGroup>
        <FormGroup
          label="To"
          labelFor={toId}
          intent={backwards ? 'danger' : 'none'}
          helperText={backwards ? 'To must be on or after From.' : undefined}
        >
          <InputGroup
            id={toId}
            type="date"
            value={to}
            min={from || undefined}
            intent={backwards ? 'danger' : 'none'}
            onChange={(e) => setTo(e.target.value)}
          />
        </FormGroup>
        <AnchorButton
          className="kobo-finance-audit-download"
          icon="download"
          intent="primary"
          text="Download CSV"
          href={backwards ? undefined : journalCsvUrl(from, to)}
          disabled={backwards}
          download
        />
      </div>
    </section>
  );
}
