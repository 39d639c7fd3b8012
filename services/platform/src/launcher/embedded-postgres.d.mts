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

/** Refused: the embedded port is answered by a server that does not serve this data directory. */
export class EmbeddedPortTakenError extends Error {
  readonly port: number;
  readonly dataDir: string;
  /** The other server's data directory, when it could be learnt. */
  readonly otherDataDir: string | undefined;
}

/**
 * The superuser's URL of the server this data directory's owner already runs on port, or
 * undefined when nothing listens there; EmbeddedPortTakenError when another directory's server
 * (or anything else) answers there.
 */
export function runningEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
}): Promise<string | undefined>;
