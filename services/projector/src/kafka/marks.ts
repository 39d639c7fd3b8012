/**
 * The relay's marks (decision 0028): after each acknowledged send, how far each partition it wrote
 * to reached, and which log positions the batch held. A consumer fed from Kafka turns them into one
 * log position it has handled everything up to (its checkpoint), although it handles partitions
 * independently, in any order relative to one another, and perhaps in several processes.
 */
import type { RecordMetadata } from 'kafkajs';
import { escapeLiteral } from 'pg';
import type { Queryable } from '../batch/flush';
import { CHECKPOINT_CHANNEL } from '../runtime/sql';

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

export interface Standing {
  consumer: string;
  topic: string;
  /** The topic's partitions. */
  partitions: number;
}

/**
 * The statement at the end of a Kafka-fed consumer's batch, with its values as literals: where it
 * now stands in one partition (`save`: the next offset and the highest position handled), and its
 * checkpoint moved (with its NOTIFY) to the log position it has handled everything up to, if that
 * is further. Without `save`, only the move, once new marks are there.
 */
export function standingSql(
  { consumer, topic, partitions }: Standing,
  save?: { partition: number; nextOffset: number; position: number },
): string {
  const name = escapeLiteral(consumer);
  const quotedTopic = escapeLiteral(topic);
  /** Where the consumer stands in partition p.partition, as stored. */
  const stored = `coalesce((SELECT o.next_offset FROM kafka_consumer_offsets o
    WHERE o.consumer = ${name} AND o.topic = ${quotedTopic} AND o.partition = p.partition), 0)`;
  // The insert is not visible to the rest of the statement: this partition's new offset is counted here.
  const offsetOf = save
    ? `CASE WHEN p.partition = ${Number(save.partition)} THEN GREATEST(${Number(save.nextOffset)}::bigint, ${stored}) ELSE ${stored} END`
    : stored;
  const saved = save
    ? `saved AS (
     INSERT INTO kafka_consumer_offsets (consumer, topic, partition, next_offset, position)
     VALUES (${name}, ${quotedTopic}, ${Number(save.partition)}, ${Number(save.nextOffset)}, ${Number(save.position)})
     ON CONFLICT (consumer, topic, partition) DO UPDATE
       SET next_offset = GREATEST(kafka_consumer_offsets.next_offset, EXCLUDED.next_offset),
           position = GREATEST(kafka_consumer_offsets.position, EXCLUDED.position), updated_at = now()
     RETURNING 1),
   `
    : '';
  // The latest mark, unless some partition still has a message below a mark; then just before the
  // first event of that mark's batch. NULL (no move) when nothing is marked.
  const handledThrough = `least(
    (SELECT max(position) FROM kafka_relay_marks WHERE topic = ${quotedTopic}),
    (SELECT min(m.first_position) - 1
     FROM generate_series(0, ${Number(partitions)} - 1) AS p(partition)
     CROSS JOIN LATERAL (
       SELECT first_position FROM kafka_relay_marks m
       WHERE m.topic = ${quotedTopic} AND m.partition = p.partition AND m.next_offset > ${offsetOf}
       ORDER BY m.next_offset LIMIT 1) m))`;
  return `WITH ${saved}through AS (SELECT ${handledThrough} AS position),
  moved AS (
    UPDATE projection_checkpoints c SET position = t.position, updated_at = now() FROM through t
    WHERE c.projector = ${name} AND t.position > c.position RETURNING c.position)
  SELECT pg_notify(${escapeLiteral(CHECKPOINT_CHANNEL)}, ${name} || ':' || position) FROM moved`;
}
