/**
 * Request validation with zod. Parsed values go to `res.locals.input` (Express 5's req.query is
 * a read-only getter). Failures become one 400 problem with a message per field.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { HttpProblem, type FieldErrors } from './problem';

export interface RequestSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface ValidatedInput<S extends RequestSchemas> {
  body: Parsed<S['body']>;
  query: Parsed<S['query']>;
  params: Parsed<S['params']>;
}

/** Thrown (or passed to next) when input breaks its schema; the error handler answers 400. */
export class RequestValidationError extends Error {
  override readonly name = 'RequestValidationError';
  constructor(readonly fieldErrors: FieldErrors) {
    super(Object.values(fieldErrors)[0] ?? 'The request is invalid');
  }
}

const parts = ['params', 'query', 'body'] as const;

export function validate<S extends RequestSchemas>(schemas: S): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const input: { body: unknown; query: unknown; params: unknown } = {
      body: undefined,
      query: undefined,
      params: undefined,
    };
    // A body the JSON parser skipped (another content type) would otherwise read as empty.
    if (schemas.body && req.body === undefined && hasBody(req))
      return next(new HttpProblem('unsupported_media_type', 'Send the request body as application/json'));
    const errors: FieldErrors = {};
    for (const part of parts) {
      const unsafe = findUnsafeText(req[part], part);
      if (unsafe) errors[unsafe] = UNSAFE_TEXT_MESSAGE;
    }
    if (Object.keys(errors).length > 0) return next(new RequestValidationError(errors));
    for (const part of parts) {
      const schema = schemas[part];
      if (!schema) continue;
      // A missing JSON body is checked as {} so each required field gets its own message.
      const raw = part === 'body' ? (req.body ?? {}) : req[part];
      const result = schema.safeParse(raw, { error: friendlyMessage });
      if (result.success) input[part] = result.data;
      else
        for (const [field, message] of Object.entries(fieldErrorsOf(result.error, part)))
          errors[field] ??= message;
    }
    if (Object.keys(errors).length > 0) return next(new RequestValidationError(errors));
    res.locals.input = input;
    next();
  };
}

export const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL characters or broken Unicode';

// PostgreSQL cannot store U+0000 in text or jsonb, and a lone UTF-16 surrogate is not valid
// Unicode: both would otherwise pass the schema and fail in the database as a 500.
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The dotted path of the first string (or key) in `value` that PostgreSQL could not store. */
export function findUnsafeText(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return UNSAFE_TEXT.test(value) ? path : undefined;
  if (typeof value !== 'object' || value === null || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = path === 'body' ? key : `${path}.${key}`;
    if (UNSAFE_TEXT.test(key)) return innerPath;
    const found = findUnsafeText(inner, innerPath, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The parsed input of a request that passed `validate(schemas)`. */
export function validatedInput<S extends RequestSchemas>(res: Response, _schemas?: S): ValidatedInput<S> {
  if (!res.locals.input) throw new Error('validatedInput called on a route without validate()');
  return res.locals.input as ValidatedInput<S>;
}

/** One message per field (the first zod reports), keyed by its dotted path. */
export function fieldErrorsOf(error: z.ZodError, root = 'body'): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : root;
    errors[key] ??= issue.message;
  }
  return errors;
}

type Issue = z.core.$ZodRawIssue;

/**
 * Messages a person can act on, for schemas that did not set their own
 * (a schema's own message, e.g. `z.string().min(6, 'Password must be at least 6 characters')`, wins).
 */
export function friendlyMessage(issue: Issue): string | undefined {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${label} is required`;
      return `${label} must be ${describeType(issue.expected)}`;
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? `${label} is required`
          : `${label} must be at least ${min} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} must have at least ${min} item${min === '1' ? '' : 's'}`;
      return issue.inclusive ? `${label} must be at least ${min}` : `${label} must be greater than ${min}`;
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return `${label} must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} must have at most ${max} items`;
      return issue.inclusive ? `${label} must be at most ${max}` : `${label} must be less than ${max}`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email address';
      if (issue.format === 'uuid' || issue.format === 'guid') return `${label} must be a valid id`;
      return `${label} is not in the expected format`;
    case 'invalid_value':
      return `${label} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `Unexpected field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(issue.divisor)}`;
    default:
      return undefined;
  }
}

/** `bankDetails.accountNum` -> 'Account num'; an array index reads as its parent's name. */
function fieldLabel(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((segment): segment is string => typeof segment === 'string');
  if (!name) return 'This value';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function describeType(expected: string): string {
  switch (expected) {
    case 'int':
      return 'a whole number';
    case 'number':
      return 'a number';
    case 'string':
      return 'text';
    case 'boolean':
      return 'true or false';
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
    case 'date':
      return 'a date';
    default:
      return `a ${expected}`;
  }
}
