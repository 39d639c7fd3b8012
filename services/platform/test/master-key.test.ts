/**
 * The personal data's master keys: KOBO_MASTER_KEY (32 bytes in base64, required in production),
 * the keys a rotation retired (KOBO_MASTER_KEY_PREVIOUS), and on a developer's machine the data
 * folder's own key, made once and kept.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { MASTER_KEY_FILE, masterKeysFromEnvironment, masterKeysOf } from '../src/master-key';

const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');
const production = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-32-characters!' };

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kobo-master-key-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('KOBO_MASTER_KEY and KOBO_MASTER_KEY_PREVIOUS in the configuration', () => {
  it('takes 32 bytes in base64, and the previous keys in their order', () => {
    const config = loadConfig({ KOBO_MASTER_KEY: key(1), KOBO_MASTER_KEY_PREVIOUS: `${key(2)}, ${key(3)}` });
    expect(config.masterKeys.current).toEqual(Buffer.alloc(32, 1));
    expect(config.masterKeys.previous).toEqual([Buffer.alloc(32, 2), Buffer.alloc(32, 3)]);
    expect(loadConfig({}).masterKeys).toEqual({ current: undefined, previous: [] });
  });

  it('refuses anything but 32 bytes in base64, naming the variable and the format', () => {
    const hex = randomBytes(32).toString('hex');
    const short = randomBytes(16).toString('base64');
    const url = Buffer.alloc(32, 0xfb).toString('base64url');
    for (const bad of [hex, short, url, 'secret', `${key(1)}x`])
      expect(() => loadConfig({ KOBO_MASTER_KEY: bad })).toThrow(
        /^Invalid configuration:\n {2}KOBO_MASTER_KEY: must be 32 bytes in base64 \(44 characters ending in =, e\.g\. from `openssl rand -base64 32`\)$/,
      );
    expect(() => loadConfig({ KOBO_MASTER_KEY: hex })).toThrow(ConfigError);
  });

  it('names which of the previous keys is not one', () => {
    expect(() => loadConfig({ KOBO_MASTER_KEY_PREVIOUS: `${key(2)},${key(3).slice(1)}` })).toThrow(
      /^Invalid configuration:\n {2}KOBO_MASTER_KEY_PREVIOUS: key 2: must be 32 bytes in base64/,
    );
  });

  it('requires KOBO_MASTER_KEY in production, and says so', () => {
    expect(() => loadConfig(production)).toThrow(
      /^Invalid configuration:\n {2}KOBO_MASTER_KEY: is required in production \(32 bytes in base64/,
    );
    expect(loadConfig({ ...production, KOBO_MASTER_KEY: key(1) }).masterKeys.current).toEqual(
      Buffer.alloc(32, 1),
    );
  });
});

describe('the master keys a process uses (masterKeysOf)', () => {
  it('is KOBO_MASTER_KEY when set: no file is made', () => {
    const keys = masterKeysOf(loadConfig({ DATA_DIR: root, KOBO_MASTER_KEY: key(1) }));
    expect(keys).toEqual({ current: Buffer.alloc(32, 1), previous: [] });
    expect(() => statSync(join(root, MASTER_KEY_FILE))).toThrow(/ENOENT/);
  });

  it("unset on a developer's machine: the data folder's own, random, made once (0600) and kept", () => {
    const dataDir = join(root, 'data');
    const first = masterKeysOf(loadConfig({ DATA_DIR: dataDir }));
    expect(first.current).toHaveLength(32);
    const file = join(dataDir, MASTER_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(first.current);
    expect(masterKeysOf(loadConfig({ DATA_DIR: dataDir })).current).toEqual(first.current);
    expect(masterKeysFromEnvironment({ DATA_DIR: dataDir }).current).toEqual(first.current);
    const other = masterKeysOf(loadConfig({ DATA_DIR: join(root, 'other') }));
    expect(other.current).not.toEqual(first.current);
  });

  it('refuses a damaged key file rather than making a new key over it', () => {
    writeFileSync(join(root, MASTER_KEY_FILE), 'not a key\n');
    expect(() => masterKeysOf(loadConfig({ DATA_DIR: root }))).toThrow(
      /kobo-master-key: not a master key \(32 bytes in base64\)/,
    );
    expect(readFileSync(join(root, MASTER_KEY_FILE), 'utf8')).toBe('not a key\n');
  });

  it('reads the environment alone for operator commands, with the same messages', () => {
    expect(masterKeysFromEnvironment({ KOBO_MASTER_KEY: key(4), KOBO_MASTER_KEY_PREVIOUS: key(5) })).toEqual({
      current: Buffer.alloc(32, 4),
      previous: [Buffer.alloc(32, 5)],
    });
    expect(() => masterKeysFromEnvironment({ KOBO_MASTER_KEY: 'abc' })).toThrow(
      /KOBO_MASTER_KEY: must be 32 bytes in base64/,
    );
    expect(() => masterKeysFromEnvironment({ NODE_ENV: 'production', DATA_DIR: root })).toThrow(
      /KOBO_MASTER_KEY: is required in production/,
    );
  });
});
