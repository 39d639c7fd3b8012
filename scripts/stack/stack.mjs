// npm run stack:up / stack:down: obtain, cache and start (stop) the real servers of the
// distributed mode on this machine, on loopback: PostgreSQL, Redis, Kafka, MinIO; k6 is only
// obtained. `up` prints progress to stderr and ends by printing the settings to stdout, one
// NAME=value a line, so `env $(npm run -s stack:up) npm start` runs against them. See
// infra/README.md and docs/decisions/0022-the-stack-on-one-machine.md.
import { home, portTaken, runningPid, say, seconds, startDetached, stop, waitUntil } from './home.mjs';
import { k6 } from './servers/k6.mjs';
import { kafka, kafkaFaults } from './servers/kafka.mjs';
import { minio } from './servers/minio.mjs';
import { postgres } from './servers/postgres.mjs';
import { redis } from './servers/redis.mjs';

/** Started in this order, stopped in the reverse. */
const servers = [postgres, redis, kafka, minio];
/** Started only on demand (stop|start <server>); stack:down stops them too. */
const onDemand = [kafkaFaults];

async function obtain(server) {
  const since = Date.now();
  const how = await server.obtain();
  say(`${server.name}: obtained in ${seconds(since)} (${how}) from ${server.source}`);
}

/** Reuses the server when this stack already runs it and it answers; starts it otherwise. */
async function start(server) {
  const pid = runningPid(server.name);
  if (pid !== undefined && (await server.answers().catch(() => false))) {
    say(`${server.name}: already running (pid ${pid}), reused`);
  } else {
    if (pid !== undefined) await stop(server.name, server.stopSignal); // running but not answering
    if (await portTaken(server.port))
      throw new Error(`port ${server.port} is taken by a process this stack did not start`);
    const since = Date.now();
    const { command, args, options } = server.command();
    const started = startDetached(server.name, command, args, options);
    await waitUntil(server.name, () => server.answers(), started);
    say(`${server.name}: answering on 127.0.0.1:${server.port} after ${seconds(since)} (pid ${started.pid})`);
  }
  if (server.prepare) {
    const since = Date.now();
    const what = await server.prepare();
    if (what) say(`${server.name}: ${what} in ${seconds(since)}`);
  }
  return server.settings();
}

async function up() {
  say(`cache and run directory: ${home}`);
  const failed = [];
  const settings = {};
  // The Go builds take minutes on two cores: start them first and bring the others up meanwhile.
  const builds = obtain(minio).then(
    () => undefined,
    (error) => error,
  );
  const k6Build = builds
    .then(() => obtain(k6))
    .then(
      () => undefined,
      (error) => error,
    );
  for (const server of servers) {
    try {
      if (server === minio) {
        const error = await builds;
        if (error) throw error;
      } else await obtain(server);
      Object.assign(settings, await start(server));
    } catch (error) {
      failed.push(server.name);
      say(`${server.name}: FAILED: ${error.message}`);
    }
  }
  const k6Error = await k6Build;
  if (k6Error) {
    failed.push('k6');
    say(`k6: FAILED: ${k6Error.message}`);
  }
  for (const [name, value] of Object.entries(settings)) process.stdout.write(`${name}=${value}\n`);
  if (failed.length) {
    say(`not available: ${failed.join(', ')} (the settings above are for the rest)`);
    process.exitCode = 1;
  }
}

async function down() {
  for (const server of [...onDemand, ...servers].reverse()) {
    const since = Date.now();
    if (await stop(server.name, server.stopSignal)) say(`${server.name}: stopped in ${seconds(since)}`);
    else say(`${server.name}: not running`);
  }
}

/** One server stopped or started alone (the fault test stops the broker for a few seconds). */
async function one(command, name) {
  const known = [...servers, ...onDemand];
  const server = known.find((each) => each.name === name);
  if (!server) throw new Error(`no server named ${name} (${known.map((each) => each.name).join(', ')})`);
  const since = Date.now();
  if (command === 'stop') {
    if (await stop(server.name, server.stopSignal)) say(`${server.name}: stopped in ${seconds(since)}`);
    else say(`${server.name}: not running`);
  } else await start(server);
}

const [command, name] = process.argv.slice(2);
if (command === 'up') await up();
else if (command === 'down') await down();
else if ((command === 'stop' || command === 'start') && name) await one(command, name);
else {
  process.stderr.write('usage: node scripts/stack/stack.mjs up|down, or stop|start <server>\n');
  process.exitCode = 2;
}
