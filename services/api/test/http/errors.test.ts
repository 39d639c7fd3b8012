import request from 'supertest';
import { z } from 'zod';
import { DomainError, type DomainErrorCode } from '@kobo/ledger';
import { defineRoute, genericServerErrorMessage, HttpProblem, problem } from '../../src/http';
import { tinyApp } from './tiny-app';

const PROBLEM = /^application\/problem\+json/;

// A domain error as the ledger builds it, carried through a route.
let nextError: unknown;
const { app, lines } = tinyApp(
  [
    defineRoute({
      method: 'post',
      path: '/echo',
      summary: 'Echo',
      access: 'public',
      body: z.object({ text: z.string() }),
      responses: { 200: { description: 'the text' } },
      handler: ({ body }) => ({ text: body.text }),
    }),
    defineRoute({
      method: 'post',
      path: '/fail',
      summary: 'Throws whatever the test put in nextError',
      access: 'public',
      responses: { 200: { description: 'never' } },
      handler: async () => {
        throw nextError;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/teapot',
      summary: 'Answers through problem() directly',
      access: 'public',
      responses: { 200: { description: 'never' } },
      handler: ({ res }) => {
        problem(res, 409, 'Conflict', 'That username is taken', { username: 'That username is taken' });
      },
    }),
  ],
  { jsonLimit: '1kb' },
);

async function failWith(error: unknown) {
  nextError = error;
  return request(app).post('/api/fail');
}

describe('problem+json errors', () => {
  it('problem() answers with the RFC 9457 shape plus message, code and field errors', async () => {
    const res = await request(app).get('/api/teapot');
    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.body).toMatchObject({
      type: '/api/docs#problem-conflict',
      title: 'Conflict',
      status: 409,
      detail: 'That username is taken',
      message: 'That username is taken',
      code: 'conflict',
      errors: { username: 'That username is taken' },
    });
    expect(typeof res.body.requestId).toBe('string');
  });

  it('answers malformed JSON with 400 "Malformed JSON body"', async () => {
    const res = await request(app)
      .post('/api/echo')
      .set('Content-Type', 'application/json')
      .send('{"text": ');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.body).toMatchObject({ code: 'malformed_json', message: 'Malformed JSON body' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await request(app)
      .post('/api/echo')
      .send({ text: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.body.code).toBe('payload_too_large');
    expect(res.body.message).toMatch(/larger than 1024 bytes/);
  });

  it('answers an unknown path under /api with a 404 problem', async () => {
    const res = await request(app).get('/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.body).toMatchObject({ code: 'not_found', message: 'No API route for GET /api/no/such/thing' });
  });

  it('answers a known path with another method with 405 and Allow', async () => {
    const res = await request(app).delete('/api/echo');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.headers['content-type']).toMatch(PROBLEM);
  });

  // Every code the ledger has (a Record: a new code without its status here does not compile).
  const statusOfCode: Record<DomainErrorCode, number> = {
    validation: 400,
    not_found: 404,
    forbidden: 403,
    conflict: 409,
    insufficient_units: 409,
    insufficient_balance: 422,
    withdrawals_on_hold: 403,
  };
  it.each(Object.entries(statusOfCode) as [DomainErrorCode, number][])(
    'maps the ledger DomainError %s to %i with its message',
    async (code, status) => {
      const res = await failWith(new DomainError(code, `refused: ${code}`, 'amount'));
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.body).toMatchObject({
        code,
        message: `refused: ${code}`,
        errors: { amount: `refused: ${code}` },
      });
    },
  );

  it('recognises a plain object shaped like a DomainError (duck typing)', async () => {
    const res = await failWith({
      name: 'DomainError',
      code: 'insufficient_balance',
      message: 'Insufficient balance',
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Insufficient balance');
    expect(res.body.errors).toBeUndefined();
  });

  it('treats an unknown domain code as a refusal (422), not a server fault', async () => {
    const res = await failWith({ name: 'DomainError', code: 'brand_new_rule', message: 'Not allowed now' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Not allowed now');
  });

  it('answers a thrown HttpProblem with its code and headers', async () => {
    const res = await failWith(
      new HttpProblem('rate_limited', 'Slow down', undefined, { 'Retry-After': '7' }),
    );
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.body.message).toBe('Slow down');
  });

  it('answers an upload error from multer with 413 on the file field', async () => {
    const res = await failWith(
      Object.assign(new Error('File too large'), {
        name: 'MulterError',
        code: 'LIMIT_FILE_SIZE',
        field: 'proofImage',
      }),
    );
    expect(res.status).toBe(413);
    expect(res.body.errors).toEqual({ proofImage: 'The file is too large' });
  });

  it('answers anything else with a generic 500, logs it, and leaks no stack', async () => {
    const secretDetail = 'connection to 10.0.0.7 refused by db-primary';
    const res = await failWith(new Error(secretDetail));
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.body.message).toBe(genericServerErrorMessage);
    expect(res.text).not.toContain(secretDetail);
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    const logged = lines.find((line) => line.msg === 'unhandled error');
    expect(logged?.err?.message).toBe(secretDetail);
    expect(logged?.err?.stack).toContain('Error: ' + secretDetail);
  });
});
