import { loadConfig, ConfigError } from '../src/config';
import { createTestDatabase } from '../src/testing/test-database';

describe('configuration', () => {
  it('applies the product defaults in kobo', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.money).toEqual({
      signupBonus: 50_000,
      referralBonus: 20_000,
      minWithdrawalAccount: 200_000,
      minWithdrawalActivity: 4_000_000,
      withdrawalFee: 0,
      bankChangeHoldHours: 24,
    });
    expect(config.bootstrapAccounts).toEqual([]);
  });

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'nope' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'nope' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT:/);
      expect(message).toMatch(/DATABASE_URL:/);
    }
  });

  it('reads METRICS_PORT as a port, unset by default', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT:/);
  });

  it('refuses an admin email without its password', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@kobo.ng' })).toThrow(
      /ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together/,
    );
  });

  it('keeps the events in PostgreSQL unless EVENT_STORE=kurrentdb, which needs KURRENTDB_URL', () => {
    expect(loadConfig({}).eventStore).toEqual({ backend: 'postgres' });
    expect(() => loadConfig({ EVENT_STORE: 'kurrentdb' })).toThrow(
      /KURRENTDB_URL: is required with EVENT_STORE=kurrentdb/,
    );
    expect(() => loadConfig({ EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'http://x' })).toThrow(
      /KURRENTDB_URL:/,
    );
    expect(() => loadConfig({ EVENT_STORE: 'eventstore' })).toThrow(/EVENT_STORE:/);
    const url = 'kurrentdb://admin:changeit@127.0.0.1:2113?tls=false';
    expect(loadConfig({ EVENT_STORE: 'kurrentdb', KURRENTDB_URL: url }).eventStore).toEqual({
      backend: 'kurrentdb',
      url,
    });
  });

  it('relays to Kafka only with KAFKA_BROKERS, host:port comma-separated, to kobo.ledger.events by default', () => {
    expect(loadConfig({}).kafka).toBeUndefined();
    expect(loadConfig({ KAFKA_BROKERS: '127.0.0.1:29092,kafka-2:9092' }).kafka).toEqual({
      brokers: ['127.0.0.1:29092', 'kafka-2:9092'],
      topic: 'kobo.ledger.events',
      partitions: 6,
    });
    expect(
      loadConfig({ KAFKA_BROKERS: 'kafka:9092', KAFKA_TOPIC: 'ledger', KAFKA_TOPIC_PARTITIONS: '12' }).kafka,
    ).toEqual({ brokers: ['kafka:9092'], topic: 'ledger', partitions: 12 });
    expect(() => loadConfig({ KAFKA_BROKERS: 'kafka://x:9092' })).toThrow(/KAFKA_BROKERS: must be host:port/);
    expect(() => loadConfig({ KAFKA_BROKERS: 'kafka:9092', KAFKA_TOPIC: 'a b' })).toThrow(/KAFKA_TOPIC:/);
  });

  it('reads bootstrap accounts and naira settings', () => {
    const config = loadConfig({
      ADMIN_EMAIL: 'boss@kobo.ng',
      ADMIN_PASSWORD: 'secret123',
      WITHDRAWAL_FEE_NAIRA: '50',
      SIGNUP_BONUS_NAIRA: '12.5',
    });
    expect(config.bootstrapAccounts).toEqual([
      { role: 'admin', email: 'boss@kobo.ng', password: 'secret123' },
    ]);
    expect(config.money.withdrawalFee).toBe(5_000);
    expect(config.money.signupBonus).toBe(1_250);
  });
});

describe('test database', () => {
  it('is a migrated clone of its own', async () => {
    const db = await createTestDatabase();
    try {
      const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM credentials`);
      expect(rows[0].n).toBe(0);
    } finally {
      await db.drop();
    }
  });
});
