-- Up Migration
-- A live consumer's batch travels as one simple-protocol string: its opening, its writes, its
-- checkpoint's move and COMMIT (docs/projections.md, "Cost of a batch"). The check that the
-- checkpoint is still where the batch was read from must then stop the string on the server: this
-- function locks the checkpoint's row and raises KB409 when another writer (a rebuild's swap,
-- another instance) has moved it, so nothing after it in the string runs and the batch is rolled back.
-- A consumer without a row stands at 0 (readCheckpoint reads it so); its first move inserts the row.
CREATE FUNCTION kobo_expect_checkpoint(consumer text, expected bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_position bigint;
BEGIN
  SELECT position INTO v_position FROM projection_checkpoints WHERE projector = consumer FOR UPDATE;
  IF coalesce(v_position, 0) <> expected THEN
    RAISE EXCEPTION 'the checkpoint of % is no longer at %', consumer, expected
      USING ERRCODE = 'KB409';
  END IF;
END
$$;

-- Down Migration
DROP FUNCTION kobo_expect_checkpoint(text, bigint);
