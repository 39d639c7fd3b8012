// Apache Kafka in KRaft mode (one node, broker and controller) on the machine's Java 17: the
// broker's jars and their runtime dependencies resolved from Maven Central by `mvn` on a
// generated pom. Clients on 127.0.0.1:29092; the controller on 127.0.0.1:29093.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { dir, home, onPath, run, runDir, waitUntil } from '../home.mjs';

export const kafkaVersion = '4.1.1';
const log4jVersion = '2.24.3'; // the log4j2 that kafka-server 4.1.1 is built with

const libs = join(home, 'kafka', kafkaVersion, 'libs');

const pom = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>kobo.stack</groupId>
  <artifactId>kafka-broker</artifactId>
  <version>${kafkaVersion}</version>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>${kafkaVersion}</version></dependency>
    <!-- the broker logs through slf4j 1.7; this routes it to log4j2, as Kafka's own distribution does -->
    <dependency><groupId>org.apache.logging.log4j</groupId><artifactId>log4j-slf4j-impl</artifactId><version>${log4jVersion}</version></dependency>
  </dependencies>
</project>
`;

/** A Kafka cluster id: 16 random bytes, base64url, not starting with '-' (as Kafka's own tool makes them). */
function clusterId() {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

function java(args) {
  return { command: 'java', args: ['-cp', join(libs, '*'), ...args] };
}

/**
 * A broker of its own: `kafka` is the stack's; `kafka-faults` is a second one, started on demand
 * (`node scripts/stack/stack.mjs start kafka-faults`) by the distributed fault test, which stops and
 * starts it mid-run without taking the broker away from the other tests running at the same time.
 */
function kafkaBroker({ name, port, controllerPort }) {
  /**
   * A kafkajs client. Polling for the broker gives up quickly; the round trip retries longer, since
   * a broker that has just started may not yet host a new topic's partition.
   */
  async function client(retries) {
    const { Kafka, logLevel } = await import('kafkajs');
    return new Kafka({
      clientId: 'kobo-stack',
      brokers: [`127.0.0.1:${port}`],
      logLevel: logLevel.NOTHING,
      retry: { retries, initialRetryTime: 300 },
    });
  }

  return {
    name,
    program: 'java',
    port,
    stopSignal: 'SIGTERM', // a controlled shutdown
    source: `org.apache.kafka:kafka_2.13:${kafkaVersion} and its runtime dependencies from Maven Central`,

    obtain() {
      const done = join(libs, '..', 'complete');
      if (existsSync(done)) return 'cached';
      if (!onPath('java')) throw new Error('no java on PATH (Kafka needs Java 17 or later)');
      if (!onPath('mvn')) throw new Error('no mvn on PATH (it resolves the broker from Maven Central)');
      const build = dir(home, 'kafka', kafkaVersion);
      writeFileSync(join(build, 'pom.xml'), pom);
      run(
        'mvn',
        ['-q', '-B', 'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${libs}`],
        {
          cwd: build,
        },
      );
      writeFileSync(done, `${new Date().toISOString()}\n`);
      return 'mvn dependency:copy-dependencies from Maven Central';
    },

    command() {
      const base = dir(runDir, name);
      const data = join(base, 'data');
      const properties = join(base, 'server.properties');
      const logging = join(base, 'log4j2.properties');
      writeFileSync(
        properties,
        [
          'process.roles=broker,controller',
          'node.id=1',
          `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
          `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
          `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
          'controller.listener.names=CONTROLLER',
          'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
          'inter.broker.listener.name=PLAINTEXT',
          `log.dirs=${data}`,
          'num.partitions=3',
          // One broker: every internal topic has one replica.
          'offsets.topic.replication.factor=1',
          'transaction.state.log.replication.factor=1',
          'transaction.state.log.min.isr=1',
          'share.coordinator.state.topic.replication.factor=1',
          'share.coordinator.state.topic.min.isr=1',
          'group.initial.rebalance.delay.ms=0',
          '',
        ].join('\n'),
      );
      writeFileSync(
        logging,
        [
          'rootLogger.level=WARN',
          'rootLogger.appenderRef.out.ref=out',
          'appender.out.type=Console',
          'appender.out.name=out',
          'appender.out.layout.type=PatternLayout',
          'appender.out.layout.pattern=[%d] %p %m (%c)%n',
          'logger.kafka.name=kafka',
          'logger.kafka.level=INFO',
          '',
        ].join('\n'),
      );
      const logConfig = `-Dlog4j2.configurationFile=${logging}`;
      if (!existsSync(join(data, 'meta.properties'))) {
        const format = java([
          logConfig,
          'kafka.tools.StorageTool',
          'format',
          '-t',
          clusterId(),
          '-c',
          properties,
        ]);
        run(format.command, format.args);
      }
      const server = java(['-Xms256m', '-Xmx768m', '-XX:+UseG1GC', logConfig, 'kafka.Kafka', properties]);
      return { command: server.command, args: server.args, options: {} };
    },

    async answers() {
      const admin = (await client(1)).admin();
      await admin.connect();
      try {
        return (await admin.describeCluster()).brokers.length > 0;
      } finally {
        await admin.disconnect();
      }
    },

    /** The proof that the broker works: a produce/consume round trip through a consumer group. */
    async prepare() {
      const kafkajs = await import('kafkajs');
      const broker = await client(10);
      const topic = `kobo-stack-probe-${Date.now()}`;
      const groupId = `${topic}-group`;
      const value = randomUUID();
      const admin = broker.admin();
      const producer = broker.producer({
        idempotent: true,
        createPartitioner: kafkajs.Partitioners.DefaultPartitioner,
      });
      const consumer = broker.consumer({ groupId });
      await admin.connect();
      try {
        // Not kafkajs's waitForLeaders: it gives up on the "unknown topic" a KRaft broker answers
        // for a moment after creating one.
        await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: false });
        await waitUntil(
          `the leader of ${topic}`,
          async () => {
            const [metadata] = (await admin.fetchTopicMetadata({ topics: [topic] })).topics;
            return metadata.partitions.every((partition) => partition.leader >= 0);
          },
          { timeoutMs: 60_000 },
        );
        await producer.connect();
        await producer.send({ topic, acks: -1, messages: [{ key: 'probe', value }] });
        await consumer.connect();
        await consumer.subscribe({ topics: [topic], fromBeginning: true });
        const received = await new Promise((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error('the probe message did not come back within 60 s')),
            60_000,
          );
          consumer
            .run({
              eachMessage: async ({ message }) => {
                clearTimeout(timer);
                resolve(String(message.value));
              },
            })
            .catch(reject);
        });
        if (received !== value) throw new Error(`the round trip gave back ${received}, not ${value}`);
      } finally {
        await consumer.disconnect().catch(() => undefined);
        await producer.disconnect().catch(() => undefined);
        await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
        await admin.deleteGroups([groupId]).catch(() => undefined);
        await admin.disconnect();
      }
      return 'produce/consume round trip through a consumer group';
    },

    settings() {
      return { KAFKA_BROKERS: `127.0.0.1:${port}` };
    },
  };
}

export const kafka = kafkaBroker({ name: 'kafka', port: 29092, controllerPort: 29093 });
export const kafkaFaults = kafkaBroker({ name: 'kafka-faults', port: 29192, controllerPort: 29193 });
