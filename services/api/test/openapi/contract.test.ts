/**
 * The OpenAPI document against the real API: a journey through a validating proxy built from the
 * document (support/contract-proxy.ts) must break it nowhere, in a request or in an answer.
 * Sign-up, sign-in, the user's screens, a proof sent as multipart, the image behind a signed link,
 * the admin's campaign (with its image), review, withdrawals, the payout lists, CSVs and the
 * ledger checks. And the proxy must notice when the document is wrong.
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import sharp from 'sharp';
import { eventually } from '@kobo/platform/testing';
import { buildApiDocument } from '../../src/cli/openapi-document';
import { startContractProxy, type ContractProxy } from '../support/contract-proxy';
import { startHarness, type Harness } from '../support/harness';

let h: Harness;
let server: Server;
let upstream: string;

beforeAll(async () => {
  h = await startHarness();
  server = await new Promise<Server>((resolve) => {
    const listening = h.app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  upstream = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

interface Answer {
  status: number;
  contentType: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- whatever the route answers
}

function client(base: string) {
  return async function call(
    method: string,
    path: string,
    options: { token?: string; json?: unknown; form?: FormData; idempotent?: boolean } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.json !== undefined) headers['Content-Type'] = 'application/json';
    if (options.idempotent) headers['Idempotency-Key'] = randomUUID();
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
      redirect: 'manual',
    });
    const contentType = res.headers.get('content-type') ?? '';
    const body = /json/.test(contentType)
      ? await res.json()
      : /^text\//.test(contentType)
        ? await res.text()
        : Buffer.from(await res.arrayBuffer());
    return { status: res.status, contentType, body };
  };
}

const png = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

function imageForm(field: string, bytes: Buffer, text: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(text)) form.append(name, value);
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${field}.png`);
  return form;
}

describe('the API through a proxy that validates against its OpenAPI document', () => {
  let proxy: ContractProxy;
  beforeAll(async () => {
    proxy = await startContractProxy({ upstream, document: buildApiDocument() });
  });
  afterAll(() => proxy.stop());

  it('keeps to the document on every route family of a realistic journey', async () => {
    const call = client(proxy.url);
    const expectStatus = (answer: Answer, status: number, what: string) => {
      if (answer.status !== status)
        throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer;
    };

    // ---- a person signs up and signs in ----
    const suffix = randomUUID().slice(0, 6);
    const email = `amaka.${suffix}@kobo.test`;
    const registered = await call('POST', '/api/auth/register', {
      json: {
        firstName: 'Amaka',
        lastName: 'Obi',
        username: `amaka${suffix}`,
        email,
        password: 'amaka-password',
        phone: '08031234567',
      },
    });
    expectStatus(registered, 201, 'register');
    const userId = registered.body.id as string;
    const signedIn = expectStatus(
      await call('POST', '/api/auth/login', { json: { email, password: 'amaka-password' } }),
      200,
      'login',
    );
    const user = signedIn.body.token as string;
    expectStatus(
      await call('GET', `/api/users/username-available?username=someone${suffix}`),
      200,
      'username',
    );

    const admin = expectStatus(
      await call('POST', '/api/auth/admin-login', {
        json: { email: 'admin@kobo.test', password: 'admin-password' },
      }),
      200,
      'admin login',
    ).body.token as string;
    const finance = h.financeToken;

    // ---- the user's screens ----
    for (const path of [
      '/api/users/dashboard',
      '/api/users/transactions',
      '/api/users/statement',
      '/api/users/submissions',
      '/api/users/withdrawals',
      '/api/community',
    ])
      expectStatus(await call('GET', path, { token: user }), 200, path);

    // ---- the admin makes a campaign with a guide image ----
    const image = expectStatus(
      await call('POST', '/api/admin/uploads/campaign-image', {
        token: admin,
        form: imageForm('taskImage', await png()),
      }),
      201,
      'campaign image',
    ).body as { key: string; url: string };
    const created = expectStatus(
      await call('POST', '/api/admin/tasks', {
        token: admin,
        idempotent: true,
        json: {
          taskName: 'Follow Jollof Kitchen',
          taskPlatform: 'instagram',
          taskVariation: 'Follow',
          taskInstructions: 'Follow the page, then upload a screenshot.',
          taskUrl: 'https://example.com/jollof',
          taskPrice: 10000,
          taskUnits: 3,
          taskTime: 5,
          taskImage: image.key,
        },
      }),
      201,
      'create campaign',
    );
    const campaignId = created.body.task._id as string;
    expectStatus(
      await call('PUT', `/api/admin/tasks/${campaignId}`, {
        token: admin,
        json: { taskInstructions: 'Follow the page and upload a clear screenshot.' },
      }),
      200,
      'edit campaign',
    );

    // ---- the user takes part: proof as multipart, then sees it through a signed link ----
    const tasks = expectStatus(
      await call('GET', '/api/tasks?sort=price-desc', { token: user }),
      200,
      'tasks',
    );
    expect(tasks.body.map((t: { _id: string }) => t._id)).toContain(campaignId);
    const submitted = expectStatus(
      await call('POST', '/api/tasks/submit', {
        token: user,
        idempotent: true,
        form: imageForm('proofImage', await png(800, 600), { taskId: campaignId }),
      }),
      201,
      'submit proof',
    );
    const proofKey = submitted.body.submission.proofImage as string;
    for (const thumb of ['', '&thumb=1']) {
      const link = expectStatus(
        await call('GET', `/api/uploads/link?key=${encodeURIComponent(proofKey)}${thumb}`, { token: user }),
        200,
        'image link',
      );
      const shown = expectStatus(await call('GET', link.body.url), 200, 'image');
      expect(shown.contentType).toMatch(/^image\/(png|webp)/);
    }

    // ---- the admin reviews ----
    expectStatus(await call('GET', '/api/admin/tasks', { token: admin }), 200, 'admin tasks');
    expectStatus(
      await call('POST', '/api/admin/tasks/approve', {
        token: admin,
        idempotent: true,
        json: { campaignId, userId },
      }),
      200,
      'approve submission',
    );
    expectStatus(await call('PUT', `/api/admin/tasks/${campaignId}/status`, { token: admin }), 200, 'pause');

    // ---- withdrawals: one paid, one failed, one rejected ----
    expectStatus(
      await call('PUT', '/api/users/profile', {
        token: user,
        json: {
          bankDetails: { bankName: 'Access Bank', accountNum: '0123456784', accountName: 'Amaka Obi' },
          currentPassword: 'amaka-password',
        },
      }),
      200,
      'bank details',
    );
    expectStatus(
      await call('PUT', '/api/users/pin', {
        token: user,
        json: { currentPassword: 'amaka-password', pin: '4821' },
      }),
      200,
      'transaction PIN',
    );
    expectStatus(
      await call('POST', '/api/users/withdraw', {
        token: user,
        idempotent: true,
        json: { amount: 2000, type: 'withdrawal', pin: '4812' },
      }),
      400,
      'withdraw with a wrong PIN',
    );
    const withdrawals: string[] = [];
    for (let i = 0; i < 3; i++)
      withdrawals.push(
        expectStatus(
          await call('POST', '/api/users/withdraw', {
            token: user,
            idempotent: true,
            json: { amount: 2000, type: 'withdrawal', pin: '4821' },
          }),
          201,
          'withdraw',
        ).body.withdrawal.id as string,
      );
    expectStatus(await call('GET', '/api/admin/withdrawals', { token: admin }), 200, 'admin withdrawals');
    for (const id of withdrawals.slice(0, 2))
      expectStatus(
        await call('POST', '/api/admin/withdrawals/approve', {
          token: admin,
          idempotent: true,
          json: { transactionId: id },
        }),
        200,
        'approve withdrawal',
      );
    expectStatus(
      await call('POST', '/api/admin/withdrawals/reject', {
        token: admin,
        json: { transactionId: withdrawals[2], reason: 'The account name does not match.' },
      }),
      200,
      'reject withdrawal',
    );

    // ---- finance pays one and fails the other ----
    // The finance list is a read model of its own: wait for both payouts to reach it.
    const payouts = await eventually('both payouts in the finance list', async () => {
      const answer = await call('GET', '/api/finance/payouts', { token: finance });
      return answer.body.length >= 2 ? answer : undefined;
    });
    expect(payouts.body.map((p: { withdrawalId: string }) => p.withdrawalId)).toEqual(
      expect.arrayContaining(withdrawals.slice(0, 2)),
    );
    const csv = expectStatus(
      await call('GET', '/api/finance/payouts.csv', { token: finance }),
      200,
      'payouts csv',
    );
    expect(csv.contentType).toMatch(/^text\/csv/);
    expectStatus(
      await call('POST', `/api/finance/payouts/${withdrawals[0]}/mark-paid`, {
        token: finance,
        idempotent: true,
        json: { reference: 'GTB-20260101-001' },
      }),
      200,
      'mark paid',
    );
    expectStatus(
      await call('POST', `/api/finance/payouts/${withdrawals[1]}/mark-failed`, {
        token: finance,
        json: { reason: 'The bank returned the transfer.' },
      }),
      200,
      'mark failed',
    );
    expectStatus(await call('GET', '/api/finance/payouts?state=all', { token: finance }), 200, 'all payouts');

    // ---- the ledger as finance reads it ----
    const account = encodeURIComponent(`user:${userId}:account`);
    for (const path of [
      `/api/finance/journal?account=${encodeURIComponent(`user:${userId}:*`)}&pageSize=20`,
      `/api/finance/accounts/${account}/statement?from=2000-01-01T00:00:00Z`,
      `/api/finance/accounts/${account}/balance?limit=5`,
      '/api/finance/projections',
      '/api/finance/verify',
    ])
      expectStatus(await call('GET', path, { token: finance }), 200, path);
    const journal = expectStatus(
      await call('GET', '/api/finance/export.csv', { token: finance }),
      200,
      'export',
    );
    expect(journal.contentType).toMatch(/^text\/csv/);

    // ---- the admin's other lists ----
    for (const path of ['/api/admin/stats', '/api/admin/users', '/api/admin/transactions'])
      expectStatus(await call('GET', path, { token: admin }), 200, path);

    expect(await proxy.settled()).toEqual([]);
  });

  it('notices an answer that breaks the document, and with errors: true refuses it', async () => {
    // The same API, and a document that says the admin's token is a number.
    const document = buildApiDocument() as { components: { schemas: Record<string, any> } }; // eslint-disable-line @typescript-eslint/no-explicit-any
    document.components.schemas.AuthAdminSignedIn.properties.token = { type: 'number' };
    const [recording, refusing] = await Promise.all([
      startContractProxy({ upstream, document }),
      startContractProxy({ upstream, document, errors: true }),
    ]);
    try {
      const adminLogin = { json: { email: 'admin@kobo.test', password: 'admin-password' } };
      const recorded = await client(recording.url)('POST', '/api/auth/admin-login', adminLogin);
      expect(recorded.status).toBe(200);
      expect(await recording.settled()).toEqual([
        'POST /api/auth/admin-login: response.body.token Response body property token must be number',
      ]);

      const refused = await client(refusing.url)('POST', '/api/auth/admin-login', adminLogin);
      expect(refused.status).toBe(500);
      expect(refused.body.validation).toEqual([
        expect.objectContaining({ location: ['response', 'body', 'token'], severity: 'Error' }),
      ]);
      expect(await refusing.settled()).toEqual([
        expect.stringMatching(/^POST \/api\/auth\/admin-login: .*VIOLATIONS/),
      ]);
    } finally {
      await Promise.all([recording.stop(), refusing.stop()]);
    }
  });
});
