/**
 * A migrated database of its own on a given server, for a benchmark run: made fresh (an old one of
 * the same name is dropped first) and dropped by `drop()`.
 */
import pg from 'pg';
import { migrate } from '../migrate';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** `url` with its database replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(serverUrl: string, name: string): Promise<ScratchDatabase> {
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = withDatabase(serverUrl, name);
  await migrate(url);
  return { url, drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
