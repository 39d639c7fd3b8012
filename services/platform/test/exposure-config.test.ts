import { ConfigError, demoDataAllowed, loadConfig, secureSessions } from '../src/config';

const secret = 'a-production-secret-of-32-characters!';
/** Production also requires the personal data's master key (master-key.test.ts). */
const KOBO_MASTER_KEY = Buffer.alloc(32, 7).toString('base64');

describe('where the server listens, and whether it loads demo data', () => {
  it('listens on 127.0.0.1 unless HOST is set, and then on HOST', () => {
    expect(loadConfig({})).toMatchObject({ host: '127.0.0.1', hostSet: false });
    expect(loadConfig({ HOST: '0.0.0.0', JWT_SECRET: secret })).toMatchObject({
      host: '0.0.0.0',
      hostSet: true,
    });
    expect(loadConfig({ HOST: '  ' })).toMatchObject({ host: '127.0.0.1', hostSet: false });
  });

  it('allows demo data only on a developer machine: HOST unset and not production', () => {
    expect(demoDataAllowed(loadConfig({}))).toBe(true);
    expect(demoDataAllowed(loadConfig({ NODE_ENV: 'test' }))).toBe(true);
    expect(demoDataAllowed(loadConfig({ HOST: '127.0.0.1', JWT_SECRET: secret }))).toBe(false);
    expect(demoDataAllowed(loadConfig({ HOST: '0.0.0.0', PLAIN_HTTP: '1' }))).toBe(false);
    expect(
      demoDataAllowed(
        loadConfig({
          NODE_ENV: 'production',
          JWT_SECRET: 'a-production-secret-of-32-characters!',
          KOBO_MASTER_KEY,
        }),
      ),
    ).toBe(false);
  });
});

describe('a server reachable from outside: Secure session cookie and a JWT_SECRET', () => {
  it('requires JWT_SECRET when HOST is set, naming it', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(
      /JWT_SECRET: is required when HOST is set \(or set PLAIN_HTTP=1/,
    );
    expect(() => loadConfig({ HOST: '10.0.0.5', NODE_ENV: 'test' })).toThrow(/JWT_SECRET:/);
  });

  it('requires JWT_SECRET in production, HOST or not, and says so once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', KOBO_MASTER_KEY })).toThrow(
      /^Invalid configuration:\n {2}JWT_SECRET: is required in production$/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0' })).toThrow(/JWT_SECRET:/);
  });

  it('makes the session cookie Secure in production and whenever HOST is set', () => {
    expect(secureSessions(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, KOBO_MASTER_KEY }))).toBe(
      true,
    );
    expect(secureSessions(loadConfig({ HOST: '0.0.0.0', JWT_SECRET: secret }))).toBe(true);
    expect(secureSessions(loadConfig({ HOST: '127.0.0.1', JWT_SECRET: secret }))).toBe(true);
  });

  it('leaves a developer machine (HOST unset) as it is: plain cookie, random secret allowed', () => {
    expect(secureSessions(loadConfig({}))).toBe(false);
    expect(loadConfig({}).jwtSecret).toBeUndefined();
  });

  it('PLAIN_HTTP=1 says the server is plain HTTP on purpose: no Secure cookie, no JWT_SECRET needed', () => {
    const plain = loadConfig({ HOST: '0.0.0.0', PLAIN_HTTP: '1' });
    expect(plain.plainHttp).toBe(true);
    expect(secureSessions(plain)).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', PLAIN_HTTP: 'true' }).plainHttp).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', PLAIN_HTTP: '0', JWT_SECRET: secret }).plainHttp).toBe(false);
    expect(() => loadConfig({ HOST: '0.0.0.0', PLAIN_HTTP: '0' })).toThrow(/JWT_SECRET:/);
  });

  it('refuses PLAIN_HTTP in production and any value but 1/true/0/false', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, KOBO_MASTER_KEY, PLAIN_HTTP: '1' }),
    ).toThrow(/PLAIN_HTTP: cannot be set with NODE_ENV=production/);
    expect(() => loadConfig({ HOST: '0.0.0.0', PLAIN_HTTP: 'yes' })).toThrow(/PLAIN_HTTP:/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('takes the values Express takes: a hop count, true, names and addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::1' }).trustProxy).toBe(
      'loopback,10.0.0.0/8,fd00::1',
    );
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY:/);
  });
});

describe('METRICS_TOKEN', () => {
  it('is optional, and at least 16 characters when set', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'scrape-token-0123456789' }).metricsToken).toBe(
      'scrape-token-0123456789',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN:/);
  });
});
