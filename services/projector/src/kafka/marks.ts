/**
 * The relay's marks (decision 0028): after each acknowledged send, how far each partition it wrote
 * to reached, and which log positions the batch held. A consumer fed from Kafka turns them into one
 * log position it has handled everything up to (its checkpoint), although it handles partitions
 * independently, in any order relative to one another, and perhaps in several processes.
 */
import type { RecordMetadata } from 'kafkajs';
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

/** Where `consumer` stands in partition p.partition, as stored. */
const storedOffset = `coalesce((SELECT o.next_offset FROM kafka_consumer_offsets o
  WHERE o.consumer = $1 AND o.topic = $2 AND o.partition = p.partition), 0)`;

/**
 * The log position a consumer has handled everything up to, from where it stands in each partition
 * (`offsetOf`) and the relay's marks: the latest mark, unless some partition still has a message
 * below a mark; then just before the first event of that mark's batch. NULL when nothing is marked.
 */
const handledThrough = (offsetOf: string) => `least(
  (SELECT max(position) FROM kafka_relay_marks WHERE topic = $2),
  (SELECT min(m.first_position) - 1
   FROM generate_series(0, $3::int - 1) AS p(partition)
   CROSS JOIN LATERAL (
     SELECT first_position FROM kafka_relay_marks m
     WHERE m.topic = $2 AND m.partition = p.partition AND m.next_offset > ${offsetOf}
     ORDER BY m.next_offset LIMIT 1) m))`;

/** Moves the checkpoint (with its NOTIFY) to the position handled through, if that is further. */
const moveCheckpoint = (ctes: string, offsetOf: string) => `
  WITH ${ctes}through AS (SELECT ${handledThrough(offsetOf)} AS position),
  moved AS (
    UPDATE projection_checkpoints c SET position = t.position, updated_at = now() FROM through t
    WHERE c.projector = $1 AND t.position > c.position RETURNING c.position)
  SELECT (SELECT position FROM through) AS through,
         (SELECT pg_notify('${CHECKPOINT_CHANNEL}', $1 || ':' || position) FROM moved) AS notified`;

/**
 * One statement at the end of a consumer's batch: where it now stands in `partition` (the next
 * offset and the highest position handled), and its checkpoint moved as far as the marks allow,
 * counting this partition's new offset (the insert is not visible to the rest of the statement).
 */
const SAVE_AND_MOVE = moveCheckpoint(
  `saved AS (
     INSERT INTO kafka_consumer_offsets (consumer, topic, partition, next_offset, position)
     VALUES ($1, $2, $4, $5, $6)
     ON CONFLICT (consumer, topic, partition) DO UPDATE
       SET next_offset = GREATEST(kafka_consumer_offsets.next_offset, EXCLUDED.next_offset),
           position = GREATEST(kafka_consumer_offsets.position, EXCLUDED.position), updated_at = now()
     RETURNING 1),
   `,
  `CASE WHEN p.partition = $4 THEN GREATEST($5::bigint, ${storedOffset}) ELSE ${storedOffset} END`,
);

const MOVE = moveCheckpoint('', storedOffset);

export interface Standing {
  consumer: string;
  topic: string;
  /** The topic's partitions. */
  partitions: number;
}

/**
 * Saves where the consumer stands in one partition and moves its checkpoint (or, without `save`,
 * only moves it, once new marks are there). Answers the position handled through (null: unmarked).
 */
export async function saveAndMoveCheckpoint(
  db: Queryable,
  { consumer, topic, partitions }: Standing,
  save?: { partition: number; nextOffset: number; position: number },
): Promise<number | null> {
  const result = (await (save
    ? db.query(SAVE_AND_MOVE, [consumer, topic, partitions, save.partition, save.nextOffset, save.position])
    : db.query(MOVE, [consumer, topic, partitions]))) as Rows<{ through: string | null }>;
  const through = result.rows[0]?.through;
  return through === null || through === undefined ? null : Number(through);
}
