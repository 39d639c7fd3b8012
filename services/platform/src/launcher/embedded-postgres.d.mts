/** The superuser's password, in the data directory, readable by its owner only (0600). */
export const PASSWORD_FILE: string;

/** The superuser's URL for this data directory's server, or undefined when it has no password file yet. */
export function embeddedPostgresUrl(options: {
  dataDir: string;
  port: number;
  database?: string;
}): string | undefined;

/** Starts (first making) the embedded PostgreSQL with its data in dataDir, on 127.0.0.1:port only. */
export function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<{ url: string; stop: () => Promise<void> }>;
