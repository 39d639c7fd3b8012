// MinIO built from its Go module, serving the S3 API on 127.0.0.1:29000 (console on 29001) with
// credentials made once per data directory. MinIO publishes no semantic versions: the pin is the
// module's pseudo-version of its last commit when this was written.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { dir, runDir } from '../home.mjs';
import { goBinary, goInstall } from './go-build.mjs';

export const minioVersion = 'v0.0.0-20260212201848-7aac2a2c5b7c';
const port = 29000;
const consolePort = 29001;
const bucket = 'kobo-proofs';

function credentials() {
  const file = join(dir(runDir, 'minio'), 'credentials.json');
  if (!existsSync(file)) {
    const made = {
      accessKey: `kobo-${randomBytes(4).toString('hex')}`,
      secretKey: randomBytes(20).toString('hex'),
    };
    writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

export const minio = {
  name: 'minio',
  program: 'minio',
  port,
  stopSignal: 'SIGTERM',
  source: `github.com/minio/minio@${minioVersion}, built with go install`,

  obtain() {
    return goInstall('minio', 'github.com/minio/minio', minioVersion);
  },

  command() {
    const { accessKey, secretKey } = credentials();
    const data = dir(runDir, 'minio', 'data');
    const args = [
      'server',
      data,
      '--address',
      `127.0.0.1:${port}`,
      '--console-address',
      `127.0.0.1:${consolePort}`,
    ];
    const env = { ...process.env, MINIO_ROOT_USER: accessKey, MINIO_ROOT_PASSWORD: secretKey };
    // No calls home from a development server.
    Object.assign(env, { MINIO_UPDATE: 'off', MINIO_CALLHOME_ENABLE: 'off', MINIO_BROWSER: 'on' });
    return { command: goBinary('minio', minioVersion), args, options: { env } };
  },

  answers() {
    return new Promise((resolve, reject) => {
      const request = get(`http://127.0.0.1:${port}/minio/health/ready`, { timeout: 2000 }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      });
      request.on('timeout', () => request.destroy(new Error('no answer')));
      request.on('error', reject);
    });
  },

  settings() {
    const { accessKey, secretKey } = credentials();
    return {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY: accessKey,
      S3_SECRET_KEY: secretKey,
      S3_BUCKET: bucket,
    };
  },
};
