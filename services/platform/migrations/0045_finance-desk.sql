-- Up Migration
-- Who marked a payout paid, in the withdrawals read model
-- (services/projector/src/projections/withdrawals.ts): the staff member's user id for a payout
-- finance paid by hand; NULL when the payout provider paid it (payout_provider names it), and
-- before it is paid.
ALTER TABLE withdrawals ADD COLUMN paid_by text;
-- The rows written before this column, from the PayoutSucceeded events (their metadata actor,
-- stored as {role, id} or, before decision 0020, as '<role>:<id>'); a rebuild writes the same.
UPDATE withdrawals AS w
SET paid_by = paid.by
FROM (
  SELECT DISTINCT ON (e.data->>'withdrawalId')
         e.data->>'withdrawalId' AS withdrawal_id,
         CASE
           WHEN jsonb_typeof(e.metadata->'actor') = 'object' THEN
             CASE WHEN e.metadata->'actor'->>'role' IN ('admin', 'finance') THEN e.metadata->'actor'->>'id' END
           WHEN e.metadata->>'actor' ~ '^(admin|finance):' THEN substring(e.metadata->>'actor' FROM position(':' IN e.metadata->>'actor') + 1)
         END AS by
  FROM events e
  WHERE e.type = 'PayoutSucceeded'
  ORDER BY e.data->>'withdrawalId', e.global_position DESC
) AS paid
WHERE paid.withdrawal_id = w.withdrawal_id AND w.status IN ('paid', 'reversed');

-- Finance's verify and rebuild runs (services/api/src/features/finance/runs.ts), kept so that a
-- restart of the API keeps them and every API process lists the same runs. A run is 'running'
-- while the process that runs it holds its advisory lock (class 741004, hashtext(run_id)); a
-- row left 'running' with no lock held belongs to a process that died: it reads 'interrupted'.
CREATE TABLE finance_runs (
  run_id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('verify', 'rebuild')),
  projection text,
  state text NOT NULL CHECK (state IN ('running', 'succeeded', 'failed', 'interrupted')),
  stage text NOT NULL,
  done bigint NOT NULL DEFAULT 0,
  total bigint NOT NULL DEFAULT 0,
  percent integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  -- The staff member's user id.
  started_by text NOT NULL,
  result jsonb,
  error text
);
CREATE INDEX finance_runs_newest ON finance_runs (started_at DESC);

-- Down Migration
DROP TABLE finance_runs;
ALTER TABLE withdrawals DROP COLUMN paid_by;
