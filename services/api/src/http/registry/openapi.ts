/**
 * OpenAPI 3.1 from the route declarations. Schemas come from zod 4's own z.toJSONSchema
 * (JSON Schema 2020-12, which OpenAPI 3.1 uses as is): requests as their input shape, responses
 * as their output shape.
 */
import { z } from 'zod';
import { problemCodes } from '../problem';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../idempotency/middleware';
import {
  defaultOperationId,
  openApiPath,
  pathParameterNames,
  splatParameterNames,
  type RouteDefinition,
} from './route';

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
  /** Defaults to the registry's base path. */
  serverUrl?: string;
}

type JsonSchema = Record<string, unknown>;

export const problemSchema = z.object({
  type: z.string().describe('A URI reference naming the kind of problem'),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  message: z.string().describe('The text to show the person (equal to detail)'),
  code: z.enum(Object.keys(problemCodes) as [string, ...string[]]),
  errors: z.record(z.string(), z.string()).optional().describe('A message per invalid field'),
  requestId: z.string().optional(),
});

const problemRef = { $ref: '#/components/schemas/Problem' };
const problemContent = { 'application/problem+json': { schema: problemRef } };

export function buildOpenApiDocument(
  routes: readonly RouteDefinition[],
  info: OpenApiInfo & { serverUrl: string },
): Record<string, unknown> {
  const components: Record<string, JsonSchema> = { Problem: convert(problemSchema, 'output', 'Problem', {}) };
  const paths: Record<string, Record<string, unknown>> = {};

  for (const route of routes) {
    const operationId = route.operationId ?? defaultOperationId(route.method, route.path);
    const schema = (zod: z.ZodType, io: 'input' | 'output') => convert(zod, io, operationId, components);
    const parameters: unknown[] = [];

    const declaredParams = route.params
      ? objectProperties(schema(route.params, 'input'), route.path)
      : undefined;
    const splats = splatParameterNames(route.path);
    for (const name of pathParameterNames(route.path))
      parameters.push({
        name,
        in: 'path',
        required: true,
        schema: declaredParams?.properties[name] ?? { type: 'string' },
        // OpenAPI has no multi-segment parameter; the extension tells tools (the contract proxy).
        ...(splats.includes(name)
          ? { description: 'May span several segments: its slashes are sent as they are.', 'x-splat': true }
          : {}),
      });
    if (route.query) {
      const query = objectProperties(schema(route.query, 'input'), route.path);
      for (const [name, property] of Object.entries(query.properties))
        parameters.push({ name, in: 'query', required: query.required.includes(name), schema: property });
    }
    if (route.idempotency)
      parameters.push({
        name: IDEMPOTENCY_HEADER,
        in: 'header',
        required: route.idempotency === 'required',
        description: 'A unique key per intended operation; a retry with the same key gets the first answer.',
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      });

    const operation: Record<string, unknown> = {
      operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      ...(route.tags ? { tags: route.tags } : {}),
      security: route.access === 'public' ? [] : [{ bearerAuth: [] }, { sessionCookie: [] }],
      'x-roles': route.access === 'public' ? [] : [...route.access],
      ...(parameters.length ? { parameters } : {}),
      ...requestBodyOf(route, (zod) => schema(zod, 'input')),
      responses: responsesFor(route, (zod) => schema(zod, 'output')),
    };
    (paths[openApiPath(route.path)] ??= {})[route.method] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      ...(info.description ? { description: info.description } : {}),
    },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        // The web app's session: the same token in an httpOnly cookie set at sign-in.
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      },
    },
  };
}

/** JSON, or a multipart form whose text fields come from `body` and whose files are binary strings. */
function requestBodyOf(
  route: RouteDefinition,
  schema: (zod: z.ZodType) => JsonSchema,
): Record<string, unknown> {
  if (route.files) {
    const text = route.body
      ? objectProperties(schema(route.body), route.path)
      : { properties: {}, required: [] as string[] };
    const files = Object.entries(route.files);
    const form: JsonSchema = {
      type: 'object',
      properties: {
        ...text.properties,
        ...Object.fromEntries(
          files.map(([name, file]) => [
            name,
            { type: 'string', format: 'binary', description: file.description },
          ]),
        ),
      },
      required: [...text.required, ...files.filter(([, file]) => file.required).map(([name]) => name)],
    };
    const encoding = Object.fromEntries(
      files.map(([name, file]) => [name, { contentType: file.contentTypes.join(', ') }]),
    );
    return {
      requestBody: { required: true, content: { 'multipart/form-data': { schema: form, encoding } } },
    };
  }
  if (!route.body) return {};
  return {
    requestBody: {
      required: !route.bodyOptional,
      content: { 'application/json': { schema: schema(route.body) } },
    },
  };
}

/** A non-JSON answer's content: text as a string, anything else (images) as binary. */
function otherContent(contentType: string | readonly string[]): Record<string, unknown> {
  const types = typeof contentType === 'string' ? [contentType] : contentType;
  return Object.fromEntries(
    types.map((type) => [
      type,
      { schema: type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } },
    ]),
  );
}

function responsesFor(
  route: RouteDefinition,
  schema: (zod: z.ZodType) => JsonSchema,
): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const replayHeader: Record<string, string> = route.idempotency
    ? { [REPLAYED_HEADER]: 'true when this is the stored first answer' }
    : {};
  for (const [status, spec] of Object.entries(route.responses)) {
    if ('problem' in spec) {
      responses[status] = { description: spec.description, content: problemContent };
      continue;
    }
    const headers = Object.entries({ ...(Number(status) < 300 ? replayHeader : {}), ...spec.headers });
    responses[status] = {
      description: spec.description,
      ...(headers.length
        ? {
            headers: Object.fromEntries(
              headers.map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
            ),
          }
        : {}),
      ...(spec.schema ? { content: { 'application/json': { schema: schema(spec.schema) } } } : {}),
      ...(spec.contentType ? { content: otherContent(spec.contentType) } : {}),
    };
  }
  // Answers every route of this kind can give, unless the route described them itself.
  const common: Array<[number, string, boolean]> = [
    [
      400,
      'The request is invalid (a message per field)',
      Boolean(route.body || route.files || route.query || route.params || route.idempotency),
    ],
    [401, 'Authentication required, or the session expired', route.access !== 'public'],
    [403, 'The signed-in role may not use this route', route.access !== 'public'],
    [409, 'A request with this Idempotency-Key is still in progress', Boolean(route.idempotency)],
    [422, 'Idempotency-Key reused with a different request', Boolean(route.idempotency)],
  ];
  for (const [status, description, applies] of common)
    if (applies && !(String(status) in responses))
      responses[status] = { description, content: problemContent };
  responses.default = { description: 'An error, as RFC 9457 problem details', content: problemContent };
  return responses;
}

function objectProperties(
  schema: JsonSchema,
  path: string,
): { properties: Record<string, JsonSchema>; required: string[] } {
  if (schema.type !== 'object' || typeof schema.properties !== 'object')
    throw new Error(`${path}: query and params schemas must be z.object(...)`);
  return {
    properties: schema.properties as Record<string, JsonSchema>,
    required: Array.isArray(schema.required) ? (schema.required as string[]) : [],
  };
}

/**
 * One zod schema to JSON Schema. Definitions zod extracts (schemas given an id with .meta, and
 * recursive ones) are lifted into components and their references rewritten to point there.
 */
function convert(
  zod: z.ZodType,
  io: 'input' | 'output',
  owner: string,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const {
    $schema: _ignored,
    $defs,
    ...schema
  } = z.toJSONSchema(zod, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  const names = new Map<string, string>();
  for (const name of Object.keys(($defs as Record<string, JsonSchema> | undefined) ?? {}))
    names.set(name, name.startsWith('__') ? `${owner}${name}` : name);
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const target =
        key === '$ref' && typeof inner === 'string' ? /^#\/\$defs\/(.+)$/.exec(inner)?.[1] : undefined;
      out[key] = target ? `#/components/schemas/${names.get(target) ?? target}` : rewrite(inner);
    }
    return out;
  };
  for (const [name, definition] of Object.entries(($defs as Record<string, JsonSchema> | undefined) ?? {}))
    components[names.get(name)!] = rewrite(definition) as JsonSchema;
  return rewrite(schema) as JsonSchema;
}
