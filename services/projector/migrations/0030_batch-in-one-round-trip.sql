-- Up Migration
-- A live consumer's batch travels as one simple-protocol string: its opening, its writes, its
-- checkpoint's move and COMMIT (docs/projections.md, "One round trip a batch"). The check that the
-- checkpoint is still where the batch was read from must then stop the string on the server: this
-- function locks the checkpoint's row and raises KB409 when another writer (a rebuild's swap,
-- another instance) has moved it, so nothing after it in the string runs and the batch is rolled back.
CREATE FUNCTION kobo_expect_checkpoint(consumer text, expected bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM projection_checkpoints
  WHERE projector = consumer AND position = expected
  FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the checkpoint of % is no longer at %', consumer, expected
      USING ERRCODE = 'KB409';
  END IF;
END
$$;

-- Down Migration
DROP FUNCTION kobo_expect_checkpoint(text, bigint);
