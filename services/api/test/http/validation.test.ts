import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { defineRoute, errorHandler, validate, validatedInput } from '../../src/http';
import { captureLogger, tinyApp } from './tiny-app';

const signUp = z
  .object({
    firstName: z.string().min(1),
    username: z.string().min(3, 'Username must be at least 3 characters'),
    email: z.email(),
    password: z.string().min(6, 'Password must be at least 6 characters'),
    confirmPassword: z.string(),
    bankDetails: z
      .object({ accountNum: z.string().regex(/^\d{10}$/, 'Account number must be 10 digits') })
      .optional(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  type: z.enum(['withdrawal', 'activityWithdrawal']).optional(),
});

const { app } = tinyApp([
  defineRoute({
    method: 'post',
    path: '/signup',
    summary: 'Sign up',
    access: 'public',
    body: signUp,
    responses: { 201: { description: 'created' } },
    handler: ({ body }) => ({ username: body.username }),
  }),
  defineRoute({
    method: 'get',
    path: '/campaigns/:campaignId/submissions',
    summary: 'List',
    access: 'public',
    params: z.object({ campaignId: z.uuid() }),
    query: listQuery,
    responses: { 200: { description: 'the parsed input' } },
    handler: ({ params, query, req }) => ({ params, query, rawQuery: req.query }),
  }),
]);

const valid = {
  firstName: 'Ada',
  username: 'ada',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('validate()', () => {
  it('passes the parsed body to the handler', async () => {
    const res = await request(app).post('/api/signup').send(valid);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ username: 'ada' });
  });

  it('answers 400 with one message per field, the schema’s own messages first', async () => {
    const res = await request(app)
      .post('/api/signup')
      .send({ ...valid, username: 'ab', email: 'nope', password: '123', confirmPassword: '1234' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('validation');
    expect(res.body.errors).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Enter a valid email address',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(res.body.message).toBe('Username must be at least 3 characters');
  });

  it('names missing fields in words, including nested ones', async () => {
    const res = await request(app).post('/api/signup').send({
      username: 'ada',
      email: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      bankDetails: {},
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      firstName: 'First name is required',
      'bankDetails.accountNum': 'Account num is required',
    });
  });

  it('reports a cross-field rule on its field', async () => {
    const res = await request(app)
      .post('/api/signup')
      .send({ ...valid, confirmPassword: 'other1' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('checks a request without a body field by field', async () => {
    const res = await request(app).post('/api/signup');
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      firstName: 'First name is required',
      email: 'Email is required',
    });
  });

  it('answers 415 for a body sent as another content type', async () => {
    const res = await request(app).post('/api/signup').set('Content-Type', 'text/plain').send('username=ada');
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.message).toBe('Send the request body as application/json');
  });

  it('parses query and params into res.locals without touching req.query', async () => {
    const id = '4b0c9a4e-8d51-4bd5-a3a5-6f2a2f0f6e11';
    const res = await request(app).get(`/api/campaigns/${id}/submissions?page=3&type=withdrawal`);
    expect(res.status).toBe(200);
    expect(res.body.params).toEqual({ campaignId: id });
    expect(res.body.query).toEqual({ page: 3, type: 'withdrawal' });
    // Express 5 keeps the raw strings in req.query.
    expect(res.body.rawQuery).toEqual({ page: '3', type: 'withdrawal' });
  });

  it('applies defaults from the query schema', async () => {
    const res = await request(app).get('/api/campaigns/4b0c9a4e-8d51-4bd5-a3a5-6f2a2f0f6e11/submissions');
    expect(res.body.query).toEqual({ page: 1 });
  });

  it('answers bad query and params with messages for each', async () => {
    const res = await request(app).get('/api/campaigns/42/submissions?page=abc&type=gift');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      campaignId: 'Campaign id must be a valid id',
      page: 'Page must be a number',
      type: 'Type must be one of: withdrawal, activityWithdrawal',
    });
  });

  it('works as plain middleware on any Express route, with a typed accessor', async () => {
    const schemas = { query: z.object({ amount: z.coerce.number().positive() }) };
    const plain = express();
    plain.get('/plain', validate(schemas), (_req, res) => {
      const { query } = validatedInput(res, schemas);
      res.json({ doubled: query.amount * 2 });
    });
    plain.use(errorHandler({ logger: captureLogger().logger }));
    expect((await request(plain).get('/plain?amount=21')).body).toEqual({ doubled: 42 });
    const bad = await request(plain).get('/plain?amount=-1');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ amount: 'Amount must be greater than 0' });
  });
});
