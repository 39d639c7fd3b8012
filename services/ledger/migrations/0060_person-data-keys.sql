-- One data key per person, under which their personal fields are sealed in the events
-- (docs/decisions/0051-crypto-shredding.md). The key is stored wrapped (AES-256-GCM) under a master
-- key, named by master_key_id (the first 8 bytes of the master key's SHA-256, hex). Destroying a
-- person's key sets the wrapped key to NULL and keeps the row, with when and why: their sealed
-- fields can never be opened again, and no new key is ever made for them.
CREATE TABLE person_data_keys (
  -- The person: their user id.
  subject_id text PRIMARY KEY,
  master_key_id text,
  wrapped_key bytea,
  nonce bytea,
  tag bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the rotation last wrapped this key under another master key.
  rewrapped_at timestamptz,
  destroyed_at timestamptz,
  -- Why the key was destroyed, in the product's words (an erasure request, an admin's deletion).
  destroy_reason text,
  CONSTRAINT person_data_keys_wrapped_until_destroyed CHECK (
    CASE
      WHEN destroyed_at IS NULL THEN
        master_key_id IS NOT NULL AND wrapped_key IS NOT NULL AND nonce IS NOT NULL AND tag IS NOT NULL
      ELSE
        master_key_id IS NULL AND wrapped_key IS NULL AND nonce IS NULL AND tag IS NULL
        AND destroy_reason IS NOT NULL
    END
  )
);

-- What the rotation looks for: keys still wrapped under a master key other than the current one.
CREATE INDEX person_data_keys_by_master_key ON person_data_keys (master_key_id)
  WHERE destroyed_at IS NULL;
