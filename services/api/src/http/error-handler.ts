/**
 * The last middleware: every error becomes a problem+json answer. Bad input is always a 4xx;
 * only our own faults are 5xx, and those carry a generic message (the details go to the log).
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { Logger } from '@kobo/platform';
import { isDomainErrorLike, problemCodeForDomainError } from './domain-errors';
import { HttpProblem, problemCodes, problemFor, problem, type ProblemCode } from './problem';
import { fieldErrorsOf, RequestValidationError } from './validation';

export const genericServerErrorMessage = 'Something went wrong on our side. Please try again later.';

export interface ErrorHandlerOptions {
  logger: Pick<Logger, 'error' | 'warn'>;
}

/** 404 for any path under the API prefix that no route answered. */
export function apiNotFound(): RequestHandler {
  return (req: Request, res: Response) => {
    problemFor(res, 'not_found', `No API route for ${req.method} ${req.baseUrl}${req.path}`);
  };
}

export function errorHandler({ logger }: ErrorHandlerOptions): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    // Too late for a problem body: let Express close the connection.
    if (res.headersSent) return next(error);
    if (!answerKnownError(error, res)) {
      logger.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error');
      problemFor(res, 'internal', genericServerErrorMessage);
    }
  };
}

function answerKnownError(error: unknown, res: Response): boolean {
  if (error instanceof HttpProblem) {
    problemFor(res, error.code, error.detail, error.fieldErrors, error.headers);
    return true;
  }
  if (error instanceof RequestValidationError) {
    problemFor(res, 'validation', error.message, error.fieldErrors);
    return true;
  }
  if (error instanceof z.ZodError) {
    const errors = fieldErrorsOf(error);
    problemFor(res, 'validation', Object.values(errors)[0] ?? 'The request is invalid', errors);
    return true;
  }
  if (isDomainErrorLike(error)) {
    const code = problemCodeForDomainError(error);
    problemFor(res, code, error.message, error.field ? { [error.field]: error.message } : undefined);
    return true;
  }
  const bodyError = bodyParserProblem(error);
  if (bodyError) {
    problemFor(res, bodyError.code, bodyError.detail);
    return true;
  }
  const uploadError = uploadProblem(error);
  if (uploadError) {
    problemFor(
      res,
      uploadError.code,
      uploadError.detail,
      uploadError.field ? { [uploadError.field]: uploadError.detail } : undefined,
    );
    return true;
  }
  // http-errors style (status + expose) from Express or a library: a client error we may show.
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    const exposed = (error as { expose?: unknown; message?: unknown }).expose === true;
    const message = (error as { message?: unknown }).message;
    const title = titleFor(status);
    problem(res, status, title, exposed && typeof message === 'string' ? message : title);
    return true;
  }
  return false;
}

interface KnownProblem {
  code: ProblemCode;
  detail: string;
  field?: string;
}

// body-parser tags its errors with `type`.
function bodyParserProblem(error: unknown): KnownProblem | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  switch (type) {
    case 'entity.parse.failed':
      return { code: 'malformed_json', detail: 'Malformed JSON body' };
    case 'entity.too.large': {
      const limit = (error as { limit?: unknown }).limit;
      return {
        code: 'payload_too_large',
        detail:
          typeof limit === 'number'
            ? `Request body is larger than ${limit} bytes`
            : 'Request body is too large',
      };
    }
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { code: 'unsupported_media_type', detail: 'Unsupported request body encoding' };
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return { code: 'bad_request', detail: 'The request body could not be read' };
    default:
      return undefined;
  }
}

// multer (uploads) names its errors MulterError with a code.
function uploadProblem(error: unknown): KnownProblem | undefined {
  if ((error as { name?: unknown } | null)?.name !== 'MulterError') return undefined;
  const { code, field } = error as { code?: unknown; field?: unknown };
  const fieldName = typeof field === 'string' ? field : undefined;
  if (code === 'LIMIT_FILE_SIZE')
    return { code: 'payload_too_large', detail: 'The file is too large', field: fieldName };
  if (code === 'LIMIT_FIELD_VALUE' || code === 'LIMIT_PART_COUNT' || code === 'LIMIT_FILE_COUNT')
    return { code: 'payload_too_large', detail: 'The upload is too large', field: fieldName };
  return { code: 'bad_request', detail: 'The upload could not be read', field: fieldName };
}

function statusOf(error: unknown): number | undefined {
  const candidate = error as { status?: unknown; statusCode?: unknown } | null;
  const status = candidate?.status ?? candidate?.statusCode;
  return typeof status === 'number' && Number.isInteger(status) ? status : undefined;
}

function titleFor(status: number): string {
  const known = Object.values(problemCodes).find((entry) => entry.status === status);
  return known?.title ?? 'Bad Request';
}
