export function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<{ url: string; stop: () => Promise<void> }>;
