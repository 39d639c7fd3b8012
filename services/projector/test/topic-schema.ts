/** The ledger topic's JSON Schema (docs/kafka-topic.schema.json, draft-07) as a validator for tests. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';

export function topicSchemaValidator(): (value: unknown) => string[] {
  const schema = JSON.parse(readFileSync(join(__dirname, '../../../docs/kafka-topic.schema.json'), 'utf8'));
  const validate = new Ajv({ allErrors: true }).compile(schema);
  return (value) =>
    validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.dataPath} ${error.message}`);
}
