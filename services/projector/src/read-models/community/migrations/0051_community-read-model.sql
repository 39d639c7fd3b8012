-- Up Migration
-- The community read model (projector `community`, services/projector/src/read-models/community):
-- its table, whole, as migration 0003 left it (docs/decisions/0049). Every column is a function of
-- the log, so the table is made again empty and the projector rebuilds it from position 0 on its
-- next start. A later change to this table is a new migration here.
DROP TABLE community_links;

-- One row (id 1), absent until an admin first saves a link; each link empty until set.
CREATE TABLE community_links (
  id smallint PRIMARY KEY DEFAULT 1 CONSTRAINT community_links_id_check CHECK (id = 1),
  email text NOT NULL DEFAULT '',
  whatsapp_channel text NOT NULL DEFAULT '',
  telegram_channel text NOT NULL DEFAULT '',
  facebook_page text NOT NULL DEFAULT '',
  instagram_account text NOT NULL DEFAULT '',
  twitter_account text NOT NULL DEFAULT '',
  youtube_channel text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL
);

UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'community';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'community' AND resolved_at IS NULL;
DELETE FROM kafka_consumer_offsets WHERE consumer = 'community';

-- Down Migration
-- The table was the same before: emptied, and rebuilt from the log again.
TRUNCATE community_links;
UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'community';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'community' AND resolved_at IS NULL;
DELETE FROM kafka_consumer_offsets WHERE consumer = 'community';
