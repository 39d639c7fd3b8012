import { ConfigError, demoDataAllowed, loadConfig } from '../src/config';

describe('where the server listens, and whether it loads demo data', () => {
  it('listens on 127.0.0.1 unless HOST is set, and then on HOST', () => {
    expect(loadConfig({})).toMatchObject({ host: '127.0.0.1', hostSet: false });
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', hostSet: true });
    expect(loadConfig({ HOST: '  ' })).toMatchObject({ host: '127.0.0.1', hostSet: false });
  });

  it('allows demo data only on a developer machine: HOST unset and not production', () => {
    expect(demoDataAllowed(loadConfig({}))).toBe(true);
    expect(demoDataAllowed(loadConfig({ NODE_ENV: 'test' }))).toBe(true);
    expect(demoDataAllowed(loadConfig({ HOST: '127.0.0.1' }))).toBe(false);
    expect(demoDataAllowed(loadConfig({ HOST: '0.0.0.0' }))).toBe(false);
    expect(
      demoDataAllowed(
        loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-32-characters!' }),
      ),
    ).toBe(false);
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
