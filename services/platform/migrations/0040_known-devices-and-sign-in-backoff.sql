-- Up Migration
-- Sign-in limits that cannot lock the owner out (docs/decisions/0037-sign-in-limits-and-live-streams.md).

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

-- Down Migration
DROP TABLE sign_in_backoff;
DROP TABLE known_devices;
