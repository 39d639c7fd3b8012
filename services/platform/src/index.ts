export * from './config';
export * from './database';
export * from './logger';
export { sameTurn } from './same-turn';
export { embeddedServerUrl, provideDatabase } from './launcher/provide-database';
export { migrate, migrationFilePaths } from './migrate';
export { MASTER_KEY_FILE, masterKeysFromEnvironment, masterKeysOf, type MasterKeys } from './master-key';
