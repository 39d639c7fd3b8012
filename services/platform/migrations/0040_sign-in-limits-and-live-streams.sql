-- Up Migration
-- Sign-in limits that cannot lock the owner out, and a cap on each user's live streams across
-- API processes (docs/decisions/0037-sign-in-limits-and-live-streams.md).

-- A browser that signed in to an account: the hash of the random id in its `kobo_device` cookie.
-- It is exempt from the account's backoff (still limited per device). Forgotten when the password
-- changes or is reset, and a year after its last sign-in.
CREATE TABLE known_devices (
  device_hash text NOT NULL,
  user_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, device_hash)
);
CREATE INDEX known_devices_expires_at_idx ON known_devices (expires_at);

-- Failed sign-ins on one account (the email tried, per door) from devices it does not know:
-- past the free tries, each further try waits until `next_try_at`, longer each time. The count
-- is forgotten `window` after the last failure.
CREATE TABLE sign_in_backoff (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  forgotten_at timestamptz NOT NULL,
  next_try_at timestamptz NOT NULL
);
CREATE INDEX sign_in_backoff_forgotten_at_idx ON sign_in_backoff (forgotten_at);

-- One open live balance stream (GET /api/users/events): a seat of the user's few
-- (services/api/src/features/live/live-seats.ts). The process holding it marks it now and then; a
-- seat not marked for a while belongs to a process that is gone and no longer counts.
CREATE TABLE live_streams (
  seat uuid PRIMARY KEY,
  user_id text NOT NULL,
  process uuid NOT NULL,
  seen_at timestamptz NOT NULL
);
CREATE INDEX live_streams_user_id_idx ON live_streams (user_id);
CREATE INDEX live_streams_process_idx ON live_streams (process);

-- Down Migration
DROP TABLE live_streams;
DROP TABLE sign_in_backoff;
DROP TABLE known_devices;
