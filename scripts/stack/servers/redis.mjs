// Redis from Debian's package (redis-server) with its own configuration: 127.0.0.1:26379, no
// persistence (queues and counters of a development or CI run).
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { dir, onPath, runDir } from '../home.mjs';
import { aptInstall } from '../debian.mjs';

const port = 26379;

export const redis = {
  name: 'redis',
  program: 'redis-server',
  port,
  stopSignal: 'SIGTERM',
  source: "Debian's redis-server package",

  obtain() {
    if (onPath('redis-server')) return 'already installed';
    aptInstall('redis-server');
    return 'apt-get install redis-server';
  },

  command() {
    const home = dir(runDir, 'redis');
    const config = join(home, 'redis.conf');
    const lines = [
      `bind 127.0.0.1`,
      `port ${port}`,
      `dir ${home}`,
      'save ""',
      'appendonly no',
      'daemonize no',
    ];
    writeFileSync(config, `${lines.join('\n')}\n`);
    return { command: 'redis-server', args: [config], options: {} };
  },

  async answers() {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.setTimeout(2000, () => socket.destroy(new Error('no answer to PING')));
      socket.on('error', reject);
      socket.on('connect', () => socket.write('PING\r\n'));
      socket.on('data', (data) => {
        socket.destroy();
        resolve(String(data).startsWith('+PONG'));
      });
    });
  },

  settings() {
    return { REDIS_URL: `redis://127.0.0.1:${port}` };
  },
};
