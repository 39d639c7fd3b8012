-- Up Migration
-- The per-user totals projector is called by what it builds, user_stats (its table), as the code
-- calls it (userStats); it was 'stats' at run time. Its checkpoint and recorded failures follow.
UPDATE projection_checkpoints SET projector = 'user_stats' WHERE projector = 'stats';
UPDATE projection_failures SET projector = 'user_stats' WHERE projector = 'stats';

-- Down Migration
UPDATE projection_checkpoints SET projector = 'stats' WHERE projector = 'user_stats';
UPDATE projection_failures SET projector = 'stats' WHERE projector = 'user_stats';
