/** What one API route declares: read by the router builder and by the OpenAPI generator alike. */
import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { Principal, Role } from '../auth/tokens';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** 'public', or the roles allowed (checked on the server from the signed token). */
export type Access = 'public' | readonly [Role, ...Role[]];

export type ResponseSpec =
  /**
   * A JSON answer described by `schema`; or, with `contentType`, another kind of body (text/csv,
   * image/png): text types are documented as a string, the rest as binary. Only 204 may have neither.
   */
  | {
      description: string;
      schema?: z.ZodType;
      contentType?: string | readonly string[];
      /** Response headers the route sets itself (documented as strings), by name. */
      headers?: Record<string, string>;
    }
  /** An error answer this route can give, documented with the shared Problem schema. */
  | { description: string; problem: true };

export interface FileField {
  description: string;
  /** Media types accepted, e.g. ['image/png', 'image/jpeg']. */
  contentTypes: readonly string[];
  required: boolean;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<B, Q, P, A extends Access> {
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
  principal: A extends 'public' ? undefined : Principal;
  req: Request;
  res: Response;
}

export interface RouteDefinition<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  A extends Access = Access,
> {
  method: HttpMethod;
  /** Express path syntax, relative to the API prefix: '/users/:id'. */
  path: string;
  summary: string;
  description?: string;
  tags?: string[];
  /** Defaults to the method and path in camelCase ('postUsersWithdraw'). */
  operationId?: string;
  access: A;
  /** The JSON body; with `files`, the text fields of the multipart form. */
  body?: B;
  /** The JSON body may be left out (it is then checked as `{}`); the API document says it is optional. */
  bodyOptional?: true;
  /**
   * The body is multipart/form-data (read by multer in `middleware`): its file fields, by name.
   * The text fields are validated by `body` as for JSON.
   */
  files?: Record<string, FileField>;
  query?: Q;
  params?: P;
  /** Money-moving commands: 'required' answers 400 without an Idempotency-Key header. */
  idempotency?: 'required' | 'optional';
  /** Run after the role check and before validation: uploads (multer), rate limiters. */
  middleware?: RequestHandler[];
  /** By status. The first 2xx is the status used when the handler returns a value. */
  responses: Record<number, ResponseSpec>;
  /**
   * Return a value to answer it as JSON with the first declared 2xx status, or answer through
   * `ctx.res` yourself and return undefined.
   */
  handler: (ctx: RouteContext<B, Q, P, A>) => unknown;
}

/** Declares a route with its types inferred from the schemas and access. */
export function defineRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  const A extends Access = Access,
>(definition: RouteDefinition<B, Q, P, A>): RouteDefinition {
  return definition as unknown as RouteDefinition;
}

const PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)|\{\*([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** '/users/:id' -> '/users/{id}'; an Express 5 splat '/uploads/{*key}' -> '/uploads/{key}'. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(PARAMETER, (_match, named?: string, splat?: string) => `{${named ?? splat}}`);
}

export function pathParameterNames(expressPath: string): string[] {
  return [...expressPath.matchAll(PARAMETER)].map((match) => (match[1] ?? match[2]) as string);
}

/** Names of splat parameters ('{*key}'): their value may span several path segments. */
export function splatParameterNames(expressPath: string): string[] {
  return [...expressPath.matchAll(PARAMETER)].filter((match) => match[2]).map((match) => match[2] as string);
}

export function defaultOperationId(method: HttpMethod, expressPath: string): string {
  const words = expressPath
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method, ...words]
    .map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
}
