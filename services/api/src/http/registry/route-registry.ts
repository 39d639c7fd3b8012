/**
 * Every API route is declared once (method, path, schemas, access, summary); the Express router
 * and the OpenAPI document are both built from those declarations, so they cannot drift apart.
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Role } from '../auth/tokens';
import type { z } from 'zod';
import type { Logger } from '@kobo/platform';
import { idempotency, type IdempotencyOptions } from '../idempotency/middleware';
import type { IdempotencyStore } from '../idempotency/store';
import { problemFor } from '../problem';
import type { ReadYourWrites } from '../read-your-writes';
import { validate } from '../validation';
import { buildOpenApiDocument, type OpenApiInfo } from './openapi';
import { defineRoute, openApiPath, type Access, type RouteDefinition } from './route';

export interface RouteRegistryOptions {
  /** The role guard (createAuth's); needed by routes that are not public. */
  requireRole?: (...allowed: Role[]) => RequestHandler;
  /** Needed by routes that declare `idempotency`, with the ledger's record of commands. */
  idempotencyStore?: IdempotencyStore;
  commandRecorded?: (commandId: string) => Promise<boolean>;
  /** Idempotency-Keys claimed by the commands' appends (IdempotencyOptions.claimInAppend). */
  claimInAppend?: IdempotencyOptions['claimInAppend'];
  /** The prefix the router is mounted at; used for metrics labels and the document's server. */
  basePath?: string;
  logger?: Pick<Logger, 'error'>;
  /** Signed-in reads wait for what the reader wrote before (commands that answered at once). */
  readYourWrites?: ReadYourWrites;
}

export interface RouteRegistry {
  /** Declares a route; types of the handler's input follow from the schemas and access. */
  route<
    B extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
    P extends z.ZodType | undefined = undefined,
    const A extends Access = Access,
  >(
    definition: RouteDefinition<B, Q, P, A>,
  ): RouteRegistry;
  /** Adds routes made with defineRoute (e.g. one list per feature). */
  add(...definitions: RouteDefinition[]): RouteRegistry;
  readonly routes: readonly RouteDefinition[];
  /** An Express router with every declared route, plus 405 for a known path with another method. */
  router(): Router;
  openApiDocument(info: OpenApiInfo): Record<string, unknown>;
}

export function createRouteRegistry(options: RouteRegistryOptions): RouteRegistry {
  const routes: RouteDefinition[] = [];
  const basePath = options.basePath ?? '/api';

  const registry: RouteRegistry = {
    route(definition) {
      return registry.add(defineRoute(definition));
    },
    add(...definitions) {
      for (const definition of definitions) {
        const duplicate = routes.find(
          (route) =>
            route.method === definition.method && openApiPath(route.path) === openApiPath(definition.path),
        );
        if (duplicate)
          throw new Error(`route declared twice: ${definition.method.toUpperCase()} ${definition.path}`);
        if (definition.access !== 'public' && !options.requireRole)
          throw new Error(`${definition.path} needs a role but the registry has no role guard`);
        if (definition.idempotency && !options.idempotencyStore)
          throw new Error(
            `${definition.path} declares idempotency but the registry has no idempotency store`,
          );
        if (!Object.keys(definition.responses).some((status) => Number(status) < 300))
          throw new Error(
            `${definition.method.toUpperCase()} ${definition.path} declares no success response`,
          );
        for (const [status, spec] of Object.entries(definition.responses))
          if ('schema' in spec && spec.schema && spec.contentType)
            throw new Error(
              `${definition.method.toUpperCase()} ${definition.path}: response ${status} declares both a JSON schema and a contentType`,
            );
        routes.push(definition);
      }
      return registry;
    },
    get routes() {
      return routes;
    },
    router() {
      const router = Router();
      for (const route of routes) router[route.method](route.path, ...chainFor(route, options, basePath));
      for (const path of new Set(routes.map((route) => route.path))) {
        const allowed = routes
          .filter((route) => route.path === path)
          .map((route) => route.method.toUpperCase());
        router.all(path, (req: Request, res: Response) => {
          problemFor(
            res,
            'method_not_allowed',
            `${req.method} is not supported here; use ${allowed.join(' or ')}`,
            undefined,
            {
              Allow: allowed.join(', '),
            },
          );
        });
      }
      return router;
    },
    openApiDocument(info) {
      return buildOpenApiDocument(routes, { ...info, serverUrl: info.serverUrl ?? basePath });
    },
  };
  return registry;
}

function chainFor(route: RouteDefinition, options: RouteRegistryOptions, basePath: string): RequestHandler[] {
  const label = `${basePath}${route.path}`;
  const chain: RequestHandler[] = [
    (_req, res, next) => {
      res.locals.routeLabel = label;
      next();
    },
  ];
  if (route.access !== 'public') chain.push(options.requireRole!(...route.access));
  const writes = options.readYourWrites;
  if (writes && route.access !== 'public' && route.method === 'get')
    chain.push(async (_req, res, next) => {
      await writes.caughtUp(res.locals.principal!.userId);
      next();
    });
  chain.push(...(route.middleware ?? []));
  chain.push(validate({ body: route.body, query: route.query, params: route.params }));
  if (route.idempotency && options.idempotencyStore)
    chain.push(
      idempotency({
        store: options.idempotencyStore,
        commandRecorded: options.commandRecorded ?? (() => Promise.resolve(false)),
        claimInAppend: options.claimInAppend,
        required: route.idempotency === 'required',
        logger: options.logger,
      }),
    );
  const successStatus = Math.min(
    ...Object.keys(route.responses)
      .map(Number)
      .filter((status) => status < 300),
  );
  chain.push(async (req: Request, res: Response) => {
    const input = res.locals.input ?? { body: undefined, query: undefined, params: undefined };
    const result = await route.handler({ ...input, principal: res.locals.principal, req, res } as never);
    if (result !== undefined && !res.headersSent) {
      if (successStatus === 204) res.status(204).end();
      else res.status(successStatus).json(result);
    }
  });
  return chain;
}
