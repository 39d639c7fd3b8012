/**
 * docker-compose.yml cannot run here (no Docker engine), so what can be checked without one is
 * checked: it parses; every variable an application service sets is one the application reads;
 * every depends_on names a service; Prometheus scrapes, and Grafana reads, services that exist;
 * and the dashboard asks only for metrics the code registers.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import YAML from 'yaml';
import { configSchema } from '@kobo/platform';
import { emailSettingsSchema } from '../../src/email';

const root = join(__dirname, '..', '..', '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
// `merge`: compose files share settings through `<<: *anchor`.
const parseYaml = (text: string) => YAML.parse(text, { merge: true }) as unknown;

interface ComposeService {
  build?: { dockerfile?: string };
  environment?: Record<string, unknown> | string[];
  depends_on?: Record<string, unknown> | string[];
}
interface Compose {
  services: Record<string, ComposeService>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The non-test source of every service. */
const applicationSource = readdirSync(join(root, 'services')).flatMap((service) => {
  const src = join(root, 'services', service, 'src');
  try {
    return sourceFiles(src).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));
  } catch {
    return [];
  }
});

/** The variables the application reads: the validated configuration, email's, and direct reads. */
function variablesRead(): Set<string> {
  const names = new Set([...Object.keys(configSchema.shape), ...Object.keys(emailSettingsSchema.shape)]);
  const direct = /\benv(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g;
  for (const { text } of applicationSource)
    for (const match of text.matchAll(direct)) names.add((match[1] ?? match[2])!);
  return names;
}

/** The metric names the code registers with prom-client; a histogram's series carry suffixes. */
function metricsDefined(): Set<string> {
  const names = new Set<string>();
  const registration =
    /new (Gauge|Counter|Histogram|Summary)(?:<[^>]*>)?\(\{\s*name:\s*'([a-zA-Z_:][a-zA-Z0-9_:]*)'/g;
  for (const { text } of applicationSource)
    for (const [, kind, name] of text.matchAll(registration)) {
      names.add(name!);
      if (kind === 'Histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(name! + suffix);
      if (kind === 'Summary') for (const suffix of ['_count', '_sum']) names.add(name! + suffix);
    }
  return names;
}

const PROMQL_KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
]);
const PROMQL_OPERATORS = new Set(['and', 'or', 'unless']);

/** The metric names a PromQL expression reads (not its functions, labels or keywords). */
function metricsIn(expr: string): string[] {
  const bare = expr
    .replace(/\{[^}]*\}/g, ' ') // label matchers, with their quoted values
    .replace(/\[[^\]]*\]/g, ' ') // ranges
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' '); // label lists
  return [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)]
    .filter(([, name, call]) => !call && !PROMQL_KEYWORDS.has(name!) && !PROMQL_OPERATORS.has(name!))
    .map(([, name]) => name!);
}

const compose = parseYaml(read('docker-compose.yml')) as Compose;
const serviceNames = new Set(Object.keys(compose.services));
const applicationServices = Object.entries(compose.services).filter(
  ([, service]) => service.build?.dockerfile === 'infra/docker/Dockerfile',
);
const keys = (value: Record<string, unknown> | string[] | undefined) =>
  Array.isArray(value) ? value.map((entry) => entry.split('=')[0]!) : Object.keys(value ?? {});

describe('docker-compose.yml', () => {
  it('runs every role of the application as its own service, the API replicated', () => {
    const roles = Object.fromEntries(
      applicationServices.map(([name, service]) => [
        name,
        (service.environment as Record<string, unknown>).KOBO_ROLES,
      ]),
    );
    expect(roles).toEqual({ api: 'api', projectors: 'projectors', workers: 'workers', relay: 'relay' });
    expect((compose.services.api as { deploy?: { replicas?: number } }).deploy?.replicas).toBeGreaterThan(1);
  });

  it('sets on the application only variables the application reads', () => {
    const known = variablesRead();
    const unknown = applicationServices.flatMap(([name, service]) =>
      keys(service.environment)
        .filter((variable) => !known.has(variable))
        .map((variable) => `${name}: ${variable}`),
    );
    expect(unknown).toEqual([]);
  });

  it('depends only on services it defines', () => {
    const missing = Object.entries(compose.services).flatMap(([name, service]) =>
      keys(service.depends_on)
        .filter((dependency) => !serviceNames.has(dependency))
        .map((dependency) => `${name} -> ${dependency}`),
    );
    expect(missing).toEqual([]);
  });
});

/** Prometheus's scrape targets: the compose service each names, and the port. */
function scrapeTargets(): { host: string; port: number }[] {
  const config = parseYaml(read('infra/prometheus/prometheus.yml')) as {
    scrape_configs: {
      static_configs?: { targets: string[] }[];
      dns_sd_configs?: { names: string[]; port: number }[];
    }[];
  };
  return config.scrape_configs.flatMap((job) => [
    ...(job.static_configs ?? []).flatMap((c) =>
      c.targets.map((target) => ({ host: target.split(':')[0]!, port: Number(target.split(':')[1]) })),
    ),
    ...(job.dns_sd_configs ?? []).flatMap((c) => c.names.map((host) => ({ host, port: c.port }))),
  ]);
}

describe('infra/ for docker-compose.yml', () => {
  it('has Prometheus scrape compose services only', () => {
    const hosts = scrapeTargets().map((target) => target.host);
    expect(hosts.length).toBeGreaterThan(0);
    expect(hosts.filter((host) => !serviceNames.has(host))).toEqual([]);
  });

  it('has Prometheus scrape every role, where it serves /metrics: the API on PORT, the others on METRICS_PORT', () => {
    const scraped = scrapeTargets().map(({ host, port }) => `${host}:${port}`);
    const served = applicationServices.map(([name, service]) => {
      const env = service.environment as Record<string, unknown>;
      return `${name}:${String(env.KOBO_ROLES).includes('api') ? env.PORT : env.METRICS_PORT}`;
    });
    expect(scraped.sort()).toEqual(served.sort());
  });

  it("has Grafana read the compose service's Prometheus", () => {
    const dir = 'infra/grafana/provisioning/datasources';
    const urls = readdirSync(join(root, dir)).flatMap((file) =>
      (parseYaml(read(join(dir, file))) as { datasources: { url: string }[] }).datasources.map((d) => d.url),
    );
    expect(urls.map((url) => new URL(url).hostname).filter((host) => !serviceNames.has(host))).toEqual([]);
  });

  it('has the dashboard ask only for metrics the code registers', () => {
    const dashboard = JSON.parse(read('infra/grafana/dashboards/kobo.json')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const defined = metricsDefined();
    const used = dashboard.panels.flatMap((panel) =>
      panel.targets.flatMap((target) =>
        metricsIn(target.expr).map((metric) => ({ panel: panel.title, metric })),
      ),
    );
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter(({ metric }) => !defined.has(metric))).toEqual([]);
    // The panels operators read: requests, latency, projection lag, queues, money in flight.
    expect(dashboard.panels.map((panel) => panel.title)).toEqual(
      expect.arrayContaining([
        'Request rate',
        'Request latency',
        'Projection lag',
        'Queue depth',
        'Money in flight',
      ]),
    );
  });

  it('reads metric names out of PromQL, leaving functions, labels and keywords', () => {
    expect(
      metricsIn(
        'histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{route=~"/a|b"}[5m])))',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(
      metricsIn('sum(max by (status) (kobo_withdrawals{measure="kobo"})) / 100 or unknown_metric'),
    ).toEqual(['kobo_withdrawals', 'unknown_metric']);
  });
});
