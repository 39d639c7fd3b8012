/**
 * The correlation id stored with each event (in the hash-chained ledger) is the server's own id
 * for the request, never the caller's X-Request-Id: the caller's id goes to the request's log
 * line only, as `clientRequestId`, beside the server's `reqId`.
 */
import { startHarness, type Harness } from '../support/harness';
import { registerUser } from '../admin/support';
import { captureLogger, type LogLine } from './tiny-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('correlation ids in the ledger', () => {
  let h: Harness;
  let lines: LogLine[];

  beforeAll(async () => {
    const captured = captureLogger();
    lines = captured.lines;
    h = await startHarness({}, { logger: captured.logger });
  });
  afterAll(() => h.close());

  /** The metadata of the events appended after `position`. */
  async function metadataAfter(position: number): Promise<Record<string, unknown>[]> {
    const { rows } = await h.db.pool.query<{ metadata: Record<string, unknown> }>(
      'SELECT metadata FROM events WHERE global_position > $1 ORDER BY global_position',
      [position],
    );
    return rows.map((row) => row.metadata);
  }

  async function lastPosition(): Promise<number> {
    const { rows } = await h.db.pool.query<{ p: string | null }>(
      'SELECT max(global_position) AS p FROM events',
    );
    return Number(rows[0]!.p ?? 0);
  }

  it.each([
    [
      'an admin changing the community links',
      async (requestId: string) =>
        h.http
          .put('/api/community')
          .set('Authorization', `Bearer ${h.adminToken}`)
          .set('X-Request-Id', requestId)
          .send({ email: `help-${Date.now()}@kobo.ng` }),
    ],
    [
      'a user changing their profile',
      async (requestId: string) => {
        const user = await registerUser(h);
        return h.http
          .put('/api/users/profile')
          .set('Authorization', `Bearer ${user.token}`)
          .set('X-Request-Id', requestId)
          .send({ firstName: `Bola${Date.now().toString(36).replace(/\d/g, '')}` });
      },
    ],
  ])('stores a server-made id for %s sent with X-Request-Id: evil', async (_what, send) => {
    const before = await lastPosition();
    const res = await send('evil');
    expect(res.status).toBe(200);

    const appended = await metadataAfter(before);
    expect(appended.length).toBeGreaterThan(0);
    expect(appended.map((metadata) => metadata.correlationId)).not.toContain('evil');
    // The id the answer and the log carry is the one stored: support can follow it from one to the other.
    const serverId = res.headers['x-request-id'] as string;
    expect(serverId).toMatch(UUID);
    expect(appended.filter((metadata) => metadata.correlationId === serverId).length).toBeGreaterThan(0);

    const line = lines.find((l) => l.msg === 'request completed' && l.reqId === serverId);
    expect(line).toMatchObject({ reqId: serverId, clientRequestId: 'evil', status: 200 });
  });
});
