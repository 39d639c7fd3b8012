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
      campaignApprovalAbove: 5_000_000,
      taskPriceCap: 1_000_000,
      withdrawalUndoSeconds: 10,
    });
    expect(config.withdrawals).toEqual({ confirmAbove: 5_000_000 });
    expect(config.payouts.startMarginSeconds).toBe(5);
    expect(config.bootstrapAccounts).toEqual([]);
  });

  it('takes the withdrawal desk settings: undo seconds, payout margin, confirmation amount in naira', () => {
    const config = loadConfig({
      WITHDRAWAL_UNDO_SECONDS: '0',
      PAYOUT_START_MARGIN_SECONDS: '2',
      WITHDRAWAL_CONFIRM_ABOVE_NAIRA: '100000.50',
    });
    expect(config.money.withdrawalUndoSeconds).toBe(0);
    expect(config.payouts.startMarginSeconds).toBe(2);
    expect(config.withdrawals.confirmAbove).toBe(10_000_050);
    for (const bad of ['-1', '2.5', '301', 'soon'])
      expect(() => loadConfig({ WITHDRAWAL_UNDO_SECONDS: bad })).toThrow(/WITHDRAWAL_UNDO_SECONDS/);
    for (const bad of ['0', '1.5'])
      expect(() => loadConfig({ PAYOUT_START_MARGIN_SECONDS: bad })).toThrow(/PAYOUT_START_MARGIN_SECONDS/);
    expect(() => loadConfig({ WITHDRAWAL_CONFIRM_ABOVE_NAIRA: '-5' })).toThrow(
      /WITHDRAWAL_CONFIRM_ABOVE_NAIRA/,
    );
  });

  it("takes a task's price cap in naira, more than 0, and the campaign approval amount from the adjustments'", () => {
    const config = loadConfig({ TASK_PRICE_CAP_NAIRA: '2500.50', ADJUSTMENT_APPROVAL_ABOVE_NAIRA: '20000' });
    expect(config.money.taskPriceCap).toBe(250_050);
    expect(config.money.campaignApprovalAbove).toBe(2_000_000);
    expect(config.adjustments.approvalAbove).toBe(2_000_000);
    for (const bad of ['0', '-1', 'lots'])
      expect(() => loadConfig({ TASK_PRICE_CAP_NAIRA: bad })).toThrow(/TASK_PRICE_CAP_NAIRA/);
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

  it('turns Web Push on with all three VAPID settings, and refuses a part or a bad key', () => {
    const keys = {
      VAPID_PUBLIC_KEY:
        'BFRtoQTlVlW1DpuJ7ce5PmZGG_fvUpkuQKiPYIR9j5CNUswzwQXRM_z5AzTwdWSF9bTRWVLLIWS51LRrGD0ZTgU',
      VAPID_PRIVATE_KEY: '4bAemlKAq6N-7zm6IvLV1hKeBrjhNmNV80QEqG_Ro9k',
      VAPID_SUBJECT: 'mailto:support@kobo.ng',
    };
    expect(loadConfig({}).push).toBeUndefined();
    expect(loadConfig(keys).push).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'mailto:support@kobo.ng',
    });
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: undefined })).toThrow(
      /VAPID_SUBJECT: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together/,
    );
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'not a key' })).toThrow(/VAPID_PRIVATE_KEY:/);
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: 'support@kobo.ng' })).toThrow(/VAPID_SUBJECT:/);
  });

  it('pays by hand unless a payout provider is configured', () => {
    expect(loadConfig({}).payouts).toEqual({
      provider: 'manual',
      reconcileSeconds: 600,
      startMarginSeconds: 5,
    });
  });

  it('takes Paystack with its secret key, at its own address unless another is given', () => {
    expect(loadConfig({ PAYOUT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_test_abc' }).payouts).toEqual({
      provider: 'paystack',
      paystack: { secretKey: 'sk_test_abc', baseUrl: 'https://api.paystack.co' },
      reconcileSeconds: 600,
      startMarginSeconds: 5,
    });
    const local = loadConfig({
      PAYOUT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_test_abc',
      PAYSTACK_BASE_URL: 'http://127.0.0.1:4010',
      PAYOUT_RECONCILE_SECONDS: '60',
    }).payouts;
    expect(local.paystack?.baseUrl).toBe('http://127.0.0.1:4010');
    expect(local.reconcileSeconds).toBe(60);
  });

  it('refuses Paystack without its secret key, and bad payout settings, naming the variable', () => {
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'paystack' })).toThrow(
      /PAYSTACK_SECRET_KEY: is required with PAYOUT_PROVIDER=paystack/,
    );
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: '  ' })).toThrow(
      /PAYSTACK_SECRET_KEY:/,
    );
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'flutterwave' })).toThrow(/PAYOUT_PROVIDER:/);
    expect(() => loadConfig({ PAYSTACK_BASE_URL: 'api.paystack.co' })).toThrow(/PAYSTACK_BASE_URL:/);
    for (const bad of ['0', '-5', '1.5', 'often'])
      expect(() => loadConfig({ PAYOUT_RECONCILE_SECONDS: bad })).toThrow(/PAYOUT_RECONCILE_SECONDS:/);
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
