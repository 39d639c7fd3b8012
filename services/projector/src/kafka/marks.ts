/**
 * The relay's marks (decision 0028): after each acknowledged send, how far each partition it wrote
 * to reached, and which log positions the batch held. A consumer fed from Kafka turns them into one
 * log position it has handled everything up to (its checkpoint), although it handles partitions
 * independently, in any order relative to one another, and perhaps in several processes.
 */
import type { RecordMetadata } from 'kafkajs';
import type { Queryable } from '../batch/flush';

interface Rows<T> {
  rows: T[];
}

/** One partition's end after a send: `nextOffset` is the offset after the batch's last message there. */
export interface PartitionMark {
  partition: number;
  nextOffset: number;
}

/**
 * The partitions' ends after a send, from the broker's answer and how many messages went to each
 * partition: an idempotent producer with one request in flight writes one partition's messages of
 * a send contiguously from the answer's base offset.
 */
export function marksOf(
  answer: readonly RecordMetadata[],
  sent: ReadonlyMap<number, number>,
): PartitionMark[] {
  return answer
    .filter((part) => sent.has(part.partition))
    .map((part) => ({
      partition: part.partition,
      nextOffset: Number(part.baseOffset ?? part.offset) + sent.get(part.partition)!,
    }));
}

/** Recorded after the broker acknowledged the batch (first..last log positions), before the checkpoint moves. */
export async function recordMarks(
  db: Queryable,
  topic: string,
  batch: { firstPosition: number; lastPosition: number },
  marks: readonly PartitionMark[],
): Promise<void> {
  if (!marks.length) return;
  await db.query(
    `INSERT INTO kafka_relay_marks (topic, partition, next_offset, first_position, position)
     SELECT $1, partition, next_offset, $4, $5
     FROM unnest($2::int[], $3::bigint[]) AS m(partition, next_offset)
     ON CONFLICT DO NOTHING`,
    [
      topic,
      marks.map((mark) => mark.partition),
      marks.map((mark) => mark.nextOffset),
      batch.firstPosition,
      batch.lastPosition,
    ],
  );
}

/** Whether the relay has marked anything in this topic yet. */
export async function hasMarks(db: Queryable, topic: string): Promise<boolean> {
  const result = (await db.query(`SELECT 1 FROM kafka_relay_marks WHERE topic = $1 LIMIT 1`, [
    topic,
  ])) as Rows<unknown>;
  return result.rows.length > 0;
}

/**
 * The log position `consumer` has handled everything up to, from where it stands in each of the
 * topic's `partitions` (kafka_consumer_offsets) and the relay's marks: the latest mark, unless some
 * partition still has a message below a mark; then just before the first event of that mark's batch.
 * Null when the relay has marked nothing.
 */
export async function handledThrough(
  db: Queryable,
  consumer: string,
  topic: string,
  partitions: number,
): Promise<number | null> {
  const result = (await db.query(
    `SELECT least(
       (SELECT max(position) FROM kafka_relay_marks WHERE topic = $2),
       (SELECT min(m.first_position) - 1
        FROM generate_series(0, $3::int - 1) AS p(partition)
        CROSS JOIN LATERAL (
          SELECT first_position FROM kafka_relay_marks m
          WHERE m.topic = $2 AND m.partition = p.partition
            AND m.next_offset > coalesce((SELECT o.next_offset FROM kafka_consumer_offsets o
                                          WHERE o.consumer = $1 AND o.topic = $2 AND o.partition = p.partition), 0)
          ORDER BY m.next_offset LIMIT 1) m)
     ) AS position`,
    [consumer, topic, partitions],
  )) as Rows<{ position: string | null }>;
  const position = result.rows[0]?.position;
  return position === null || position === undefined ? null : Number(position);
}
