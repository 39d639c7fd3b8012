/** The user-stats read model (docs/decisions/0049-one-folder-per-read-model.md): what other packages use. */
export { userStats, type UserStatsRow } from './projection';
export { adminStats, type AdminStatsRow } from './queries';
