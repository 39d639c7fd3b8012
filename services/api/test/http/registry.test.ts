import request from 'supertest';
import { z } from 'zod';
import {
  createRouteRegistry,
  defaultOperationId,
  defineRoute,
  openApiPath,
  type IdempotencyStore,
} from '../../src/http';
import { tinyApp } from './tiny-app';

// Not used: the openapi document only needs to know a store exists.
const unusedStore = {} as IdempotencyStore;

const bankDetails = z
  .object({ bankName: z.string(), accountNum: z.string(), accountName: z.string() })
  .meta({ id: 'BankDetails' });
const withdrawal = z.object({ id: z.uuid(), amount: z.number(), status: z.enum(['pending', 'approved']) });

const routes = [
  defineRoute({
    method: 'post',
    path: '/users/withdraw',
    summary: 'Request a withdrawal',
    tags: ['withdrawals'],
    access: ['user'],
    idempotency: 'required',
    body: z.object({ amount: z.number().positive(), type: z.enum(['withdrawal', 'activityWithdrawal']) }),
    responses: {
      201: { description: 'The withdrawal, on hold', schema: withdrawal },
      422: { description: 'Insufficient balance', problem: true },
    },
    handler: () => ({}),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/users/:id',
    summary: 'One user',
    access: ['admin'],
    params: z.object({ id: z.uuid() }),
    query: z.object({ include: z.enum(['transactions']).optional(), limit: z.coerce.number().int() }),
    responses: { 200: { description: 'The user', schema: z.object({ username: z.string(), bankDetails }) } },
    handler: () => ({}),
  }),
  defineRoute({
    method: 'put',
    path: '/users/profile',
    summary: 'Update the profile',
    access: ['user'],
    body: z.object({ bankDetails: bankDetails.optional() }),
    responses: { 200: { description: 'Updated' } },
    handler: () => ({}),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/login',
    summary: 'Sign in',
    access: 'public',
    body: z.object({ email: z.email(), password: z.string() }),
    responses: {
      200: {
        description: 'A session',
        schema: z.object({ id: z.string(), token: z.string(), isAdmin: z.boolean() }),
      },
    },
    handler: () => ({}),
  }),
];

const { app } = tinyApp(routes, { idempotencyStore: unusedStore });

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the OpenAPI document', () => {
  let doc: Json;
  beforeAll(async () => {
    const res = await request(app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });

  it('is OpenAPI 3.1 with every declared route and nothing else', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toEqual({ title: 'Kobo API (test)', version: '0.0.0-test' });
    expect(doc.servers).toEqual([{ url: '/api' }]);
    const operations = Object.entries(doc.paths as Json).flatMap(([path, methods]) =>
      Object.keys(methods as Json).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      ['POST /users/withdraw', 'GET /admin/users/{id}', 'PUT /users/profile', 'POST /auth/login'].sort(),
    );
  });

  it('describes the request body with its schema', () => {
    const op = doc.paths['/users/withdraw'].post;
    expect(op.operationId).toBe('postUsersWithdraw');
    expect(op.summary).toBe('Request a withdrawal');
    expect(op.tags).toEqual(['withdrawals']);
    const schema = op.requestBody.content['application/json'].schema;
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['amount', 'type']);
    expect(schema.properties.type).toEqual({ type: 'string', enum: ['withdrawal', 'activityWithdrawal'] });
    expect(schema.$schema).toBeUndefined();
  });

  it('states access: bearer or session cookie, and roles, or none for public routes', () => {
    expect(doc.paths['/users/withdraw'].post.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(doc.paths['/users/withdraw'].post['x-roles']).toEqual(['user']);
    expect(doc.paths['/auth/login'].post.security).toEqual([]);
    expect(doc.components.securitySchemes.bearerAuth).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(doc.components.securitySchemes.sessionCookie).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'kobo_session',
    });
  });

  it('lists path, query and Idempotency-Key parameters', () => {
    const params = doc.paths['/admin/users/{id}'].get.parameters;
    expect(params).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'string', format: 'uuid' }),
      },
      { name: 'include', in: 'query', required: false, schema: { type: 'string', enum: ['transactions'] } },
      { name: 'limit', in: 'query', required: true, schema: expect.objectContaining({ type: 'integer' }) },
    ]);
    const withdraw = doc.paths['/users/withdraw'].post.parameters;
    expect(withdraw).toEqual([
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
    ]);
  });

  it('documents responses, declared and common problems alike', () => {
    const responses = doc.paths['/users/withdraw'].post.responses;
    expect(responses['201'].content['application/json'].schema.properties.status).toEqual({
      type: 'string',
      enum: ['pending', 'approved'],
    });
    expect(responses['201'].headers['Idempotent-Replayed']).toBeDefined();
    expect(responses['422'].description).toBe('Insufficient balance');
    for (const status of ['400', '401', '403', '409', '422', 'default'])
      expect(responses[status].content['application/problem+json'].schema).toEqual({
        $ref: '#/components/schemas/Problem',
      });
    expect(Object.keys(doc.paths['/auth/login'].post.responses).sort()).toEqual(['200', '400', 'default']);
    expect(doc.components.schemas.Problem.required).toEqual(
      expect.arrayContaining(['type', 'title', 'status', 'detail', 'message', 'code']),
    );
  });

  it('lifts named schemas into components and points references at them', () => {
    expect(doc.components.schemas.BankDetails.required).toEqual(['bankName', 'accountNum', 'accountName']);
    const user = doc.paths['/admin/users/{id}'].get.responses['200'].content['application/json'].schema;
    expect(user.properties.bankDetails).toEqual({ $ref: '#/components/schemas/BankDetails' });
    const profile = doc.paths['/users/profile'].put.requestBody.content['application/json'].schema;
    expect(JSON.stringify(profile)).not.toContain('#/$defs');
  });
});

describe('the docs page', () => {
  it('renders every operation with its schemas, from our server only', async () => {
    const res = await request(app).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const text of [
      '/api/users/withdraw',
      '/api/admin/users/{id}',
      '/api/users/profile',
      '/api/auth/login',
    ])
      expect(res.text).toContain(text);
    expect(res.text).toContain('Request a withdrawal');
    expect(res.text).toContain('&quot;activityWithdrawal&quot;');
    expect(res.text).toContain('id="problem-insufficient_balance"');
    expect(res.text).toContain('id="schema-BankDetails"');
    expect(res.text).not.toMatch(/<script|src="http|href="http/);
  });
});

describe('route declarations', () => {
  const route = (path: string) =>
    defineRoute({
      method: 'get',
      path,
      summary: 's',
      access: 'public',
      responses: { 200: { description: 'ok' } },
      handler: () => ({}),
    });

  it('refuses the same method and path twice', () => {
    const registry = createRouteRegistry({}).add(route('/a/:id'));
    expect(() => registry.add(route('/a/:id'))).toThrow(/declared twice/);
  });

  it('refuses idempotency without a store', () => {
    const registry = createRouteRegistry({});
    expect(() =>
      registry.route({
        method: 'post',
        path: '/pay',
        summary: 's',
        access: 'public',
        idempotency: 'required',
        responses: { 201: { description: 'ok' } },
        handler: () => ({}),
      }),
    ).toThrow(/no idempotency store/);
  });

  it('refuses a route that needs a role without a role guard', () => {
    const registry = createRouteRegistry({});
    expect(() =>
      registry.route({
        method: 'get',
        path: '/mine',
        summary: 's',
        access: ['user'],
        responses: { 200: { description: 'ok' } },
        handler: () => ({}),
      }),
    ).toThrow(/no role guard/);
  });

  it('converts Express paths for the document', () => {
    expect(openApiPath('/admin/tasks/:taskId/status')).toBe('/admin/tasks/{taskId}/status');
    expect(defaultOperationId('put', '/admin/tasks/:taskId/status')).toBe('putAdminTasksByTaskIdStatus');
  });
});
