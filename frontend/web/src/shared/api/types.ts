/**
 * Shorthands over the generated OpenAPI types (schema.d.ts, `npm run api-types`): features name
 * the operation and get its request body and answer, so no shape is copied by hand.
 */
import type { operations } from './schema';

export type OperationId = keyof operations;

type JsonContent<T> = T extends { content: { 'application/json': infer J } } ? J : never;

/** The JSON answer of an operation for a status (default: 200). */
export type ApiAnswer<Op extends OperationId, Status extends number = 200> = JsonContent<
  operations[Op]['responses'][Status & keyof operations[Op]['responses']]
>;

/** The JSON request body of an operation. */
export type ApiBody<Op extends OperationId> =
  NonNullable<operations[Op]['requestBody']> extends { content: { 'application/json': infer B } } ? B : never;

/** The query parameters of an operation. */
export type ApiQuery<Op extends OperationId> = operations[Op]['parameters']['query'];
