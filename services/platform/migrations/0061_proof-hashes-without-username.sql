-- Up Migration
-- A proof's hash row names its submitter by id only. The username it kept (for the look-alike
-- flag's text) outlived the person's erasure; a look-alike flag now carries the other user's id and
-- their name is read from the users read model when the flag is shown (decision 0052).
ALTER TABLE proof_hashes DROP COLUMN username;

-- Down Migration
-- The names are not brought back: the flags no longer read them from here.
ALTER TABLE proof_hashes ADD COLUMN username text NOT NULL DEFAULT '';
