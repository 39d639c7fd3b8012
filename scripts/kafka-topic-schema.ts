/**
 * Writes the ledger topic's JSON Schema (docs/kafka-topic.schema.json) and the table of event types
 * in docs/kafka-topic.md from the one source of truth, the event catalogue's types
 * (services/ledger/src/domain/events.ts), read with TypeScript's checker. Run it after changing an
 * event type: `npx tsx scripts/kafka-topic-schema.ts` (`--check` fails when the docs are stale).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';
import { eventSchemas, eventUpcasters, type KoboEventType } from '@kobo/ledger';

const root = join(__dirname, '..');
const eventsFile = join(root, 'services/ledger/src/domain/events.ts');
const schemaFile = join(root, 'docs/kafka-topic.schema.json');
const docFile = join(root, 'docs/kafka-topic.md');

type JsonSchema = Record<string, unknown>;

const program = ts.createProgram([eventsFile], { strict: true, target: ts.ScriptTarget.ES2022 });
const checker = program.getTypeChecker();
const source = program.getSourceFile(eventsFile)!;

function isKobo(type: ts.Type): boolean {
  return type.isIntersection() && type.types.some((part) => part.getProperty('__brand'));
}

/** JSON Schema of a TypeScript type as the catalogue uses them (no functions, no index signatures). */
function schemaOf(type: ts.Type): JsonSchema {
  if (isKobo(type)) return { type: 'integer', description: 'kobo (1/100 naira), a safe integer' };
  if (type.flags & ts.TypeFlags.String) return { type: 'string' };
  if (type.flags & ts.TypeFlags.Number) return { type: 'number' };
  if (type.flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
  if (type.flags & ts.TypeFlags.Null) return { type: 'null' };
  if (type.isStringLiteral()) return { const: type.value };
  if (type.isNumberLiteral()) return { const: type.value };
  if (type.flags & ts.TypeFlags.BooleanLiteral) return { const: checker.typeToString(type) === 'true' };
  if (type.isUnion()) {
    const members = type.types.filter((member) => !(member.flags & ts.TypeFlags.Undefined));
    if (members.every((member) => member.isStringLiteral()))
      return { enum: members.map((member) => (member as ts.StringLiteralType).value) };
    if (members.length === 2 && members.every((m) => m.flags & ts.TypeFlags.BooleanLiteral))
      return { type: 'boolean' };
    const schemas = members.map(schemaOf);
    return schemas.length === 1 ? schemas[0]! : { anyOf: schemas };
  }
  if (checker.isArrayType(type))
    return { type: 'array', items: schemaOf(checker.getTypeArguments(type as ts.TypeReference)[0]!) };
  if (type.flags & ts.TypeFlags.Object) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const propertyType = checker.getTypeOfSymbolAtLocation(property, source);
      properties[property.name] = schemaOf(propertyType);
      if (!(property.flags & ts.SymbolFlags.Optional)) required.push(property.name);
    }
    return { type: 'object', properties, required, additionalProperties: false };
  }
  throw new Error(`no JSON Schema for the type ${checker.typeToString(type)}`);
}

function eventTypesOf(): { type: KoboEventType; data: ts.Type; dataText: string }[] {
  const alias = source.statements.find(
    (statement): statement is ts.TypeAliasDeclaration =>
      ts.isTypeAliasDeclaration(statement) && statement.name.text === 'KoboEvent',
  )!;
  const union = checker.getTypeAtLocation(alias.name);
  return (union as ts.UnionType).types.map((member) => {
    const type = checker.getTypeOfSymbolAtLocation(
      member.getProperty('type')!,
      source,
    ) as ts.StringLiteralType;
    const data = checker.getTypeOfSymbolAtLocation(member.getProperty('data')!, source);
    return { type: type.value as KoboEventType, data, dataText: '' };
  });
}

/** The topic's JSON Schema (draft-07) and the markdown table of the event types' data. */
export function topicSchema(): { schema: JsonSchema; table: string } {
  const versions = eventSchemas(eventUpcasters);
  const events = eventTypesOf();
  const defs: Record<string, JsonSchema> = {};
  for (const event of events) defs[event.type] = schemaOf(event.data);
  const schema: JsonSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://kobo.ng/schemas/kafka/kobo.ledger.events/v1',
    title: 'A Kobo ledger event, the value of a message on the ledger topic (docs/kafka-topic.md)',
    description:
      'Generated from services/ledger/src/domain/events.ts by scripts/kafka-topic-schema.ts. `data` is the ' +
      "event type's data in the version named by metadata.schemaVersion (absent: 1); the schemas under " +
      'definitions are each type at its current version (x-schema-version).',
    type: 'object',
    required: ['id', 'streamId', 'version', 'type', 'data', 'metadata', 'globalPosition', 'recordedAt'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', format: 'uuid', description: 'the event id, unique in the log' },
      streamId: {
        type: 'string',
        description: 'user-{id}, campaign-{id}, unique-{kind}-{value} or community',
      },
      version: { type: 'integer', minimum: 1, description: "the event's number in its stream, from 1" },
      type: { enum: events.map((event) => event.type) },
      data: { type: 'object' },
      metadata: {
        type: 'object',
        properties: {
          schemaVersion: { type: 'integer', minimum: 1 },
          actor: {},
          causationId: { type: 'string' },
          correlationId: { type: 'string' },
        },
      },
      globalPosition: {
        type: 'integer',
        minimum: 1,
        description: 'the position in the whole log; the de-duplication key (header kobo-position)',
      },
      recordedAt: { type: 'string', format: 'date-time' },
    },
    allOf: events.map((event) => ({
      if: {
        properties: {
          type: { const: event.type },
          // Absent means version 1, so a later version must be named.
          metadata: {
            properties: { schemaVersion: { const: versions.currentVersion(event.type) } },
            ...(versions.currentVersion(event.type) === 1 ? {} : { required: ['schemaVersion'] }),
          },
        },
      },
      then: { properties: { data: { $ref: `#/definitions/${event.type}` } } },
    })),
    definitions: Object.fromEntries(
      events.map((event) => [
        event.type,
        { ...defs[event.type], 'x-schema-version': versions.currentVersion(event.type) },
      ]),
    ),
  };
  const rows = events.map((event) => {
    const data = defs[event.type] as { properties: Record<string, JsonSchema>; required: string[] };
    const fields = Object.entries(data.properties)
      .map(([name, field]) => `\`${name}${data.required.includes(name) ? '' : '?'}\`: ${shortType(field)}`)
      .join(', ');
    return `| \`${event.type}\` | ${versions.currentVersion(event.type)} | ${fields} |`;
  });
  const table = ['| type | version | data (`?`: optional) |', '|---|---|---|', ...rows].join('\n');
  return { schema, table };
}

function shortType(schema: JsonSchema): string {
  if (schema.description?.toString().startsWith('kobo')) return 'kobo';
  if ('const' in schema) return JSON.stringify(schema.const);
  if ('enum' in schema) return (schema.enum as string[]).map((value) => `'${value}'`).join(' \\| ');
  if ('anyOf' in schema) return (schema.anyOf as JsonSchema[]).map(shortType).join(' \\| ');
  if (schema.type === 'array') return `${shortType(schema.items as JsonSchema)}[]`;
  if (schema.type === 'object') {
    const properties = schema.properties as Record<string, JsonSchema>;
    const required = schema.required as string[];
    return `{ ${Object.entries(properties)
      .map(([name, field]) => `${name}${required.includes(name) ? '' : '?'}: ${shortType(field)}`)
      .join('; ')} }`;
  }
  return String(schema.type);
}

const START = '<!-- event-types:start (generated by scripts/kafka-topic-schema.ts) -->';
const END = '<!-- event-types:end -->';

/** As `npx prettier --write` leaves them, so the check and the formatter agree. */
async function formatted(text: string, file: string): Promise<string> {
  const options = await prettier.resolveConfig(file);
  return prettier.format(text, { ...options, filepath: file });
}

async function main() {
  const { schema, table } = topicSchema();
  const json = await formatted(JSON.stringify(schema), schemaFile);
  const doc = readFileSync(docFile, 'utf8');
  const at = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (at < 0 || end < 0) throw new Error(`${docFile} has no ${START} … ${END} markers`);
  const newDoc = await formatted(
    `${doc.slice(0, at + START.length)}\n\n${table}\n\n${doc.slice(end)}`,
    docFile,
  );
  if (process.argv.includes('--check')) {
    const stale = readFileSync(schemaFile, 'utf8') !== json || doc !== newDoc;
    if (stale) {
      console.error('docs/kafka-topic.* are stale: run npx tsx scripts/kafka-topic-schema.ts');
      process.exit(1);
    }
  } else {
    writeFileSync(schemaFile, json);
    writeFileSync(docFile, newDoc);
  }
}

if (require.main === module) void main();
