-- Up Migration
CREATE TABLE IF NOT EXISTS kobo_meta (key text PRIMARY KEY, value text NOT NULL);

-- Down Migration
DROP TABLE IF EXISTS kobo_meta;
