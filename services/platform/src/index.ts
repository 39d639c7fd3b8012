export * from './config';
export * from './database';
export * from './logger';
export { provideDatabase } from './launcher/provide-database';
export { migrate } from './migrate';
