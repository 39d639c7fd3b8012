-- Up Migration
-- Why an account was deleted, in the admin's words (UserDeleted's reason; null when the user deleted
-- their own account, and for deletions recorded before the reason was kept). Written by the users
-- projector alone (docs/decisions/0049-one-folder-per-read-model.md). No event recorded before this
-- migration carries a reason, so the rows as they are stay right: no rebuild.
ALTER TABLE users ADD COLUMN deleted_reason text;

-- Down Migration
ALTER TABLE users DROP COLUMN deleted_reason;
