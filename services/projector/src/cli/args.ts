/** A small argument parser: positionals plus `--name value` / `--flag` options. */
export interface ParsedArgs {
  positionals: string[];
  options: Map<string, string | true>;
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') continue;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
      const next = argv[i + 1];
      if (inline !== undefined) options.set(name, inline);
      else if (next !== undefined && !next.startsWith('--')) {
        options.set(name, next);
        i++;
      } else options.set(name, true);
    } else positionals.push(arg);
  }
  return { positionals, options };
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function optionText(args: ParsedArgs, name: string): string | undefined {
  const value = args.options.get(name);
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

export function optionTime(args: ParsedArgs, name: string): Date | undefined {
  const text = optionText(args, name);
  if (text === undefined) return undefined;
  const time = new Date(text);
  if (Number.isNaN(time.getTime()))
    throw new UsageError(`--${name}: not a time: ${text} (use ISO 8601, e.g. 2026-03-01T00:00:00Z)`);
  return time;
}
