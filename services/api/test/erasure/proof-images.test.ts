/**
 * A person's proof images (and their thumbnails) are gone once they are erased, whenever their
 * submission reached the log and the submissions read model: also a submission the read model
 * does not show yet when the account is deleted, and one recorded after the deletion (a submission
 * that read the user just before the deletion and was appended just after it).
 */
import { randomUUID } from 'node:crypto';
import { streams } from '@kobo/ledger';
import { eventually } from '@kobo/platform/testing';
import { ERASURE_REACTOR } from '../../src/erasure/erasure-reactor';
import { storeImage } from '../../src/uploads/stored-images';
import { makeThumbnail, thumbnailKeyOf } from '../../src/uploads/thumbnail';
import { proofKeyFor } from '../../src/uploads/upload-keys';
import { createCampaign, pngBytes, registerUser } from '../campaigns/support';
import { holdProjector, settled, type Harness } from '../support/harness';
import { startErasureHarness, type ErasureHarness } from './support';

let h: Harness;
let erased: ErasureHarness;

beforeAll(async () => {
  erased = await startErasureHarness();
  h = erased.h;
});
afterAll(() => erased.close());

const stored = async (key: string) => ({
  image: (await erased.images.get(key)) !== null,
  thumbnail: (await erased.images.get(thumbnailKeyOf(key))) !== null,
});

/** Where the erasure reactor stands in the log. */
async function erasureAt(): Promise<number> {
  const { rows } = await h.db.pool.query<{ position: string }>(
    'SELECT position FROM projection_checkpoints WHERE projector = $1',
    [ERASURE_REACTOR],
  );
  return Number(rows[0]?.position ?? 0);
}

/** The position of the person's UserDeleted. */
async function deletionOf(userId: string): Promise<number> {
  const [deleted] = await h.store.readLog({
    direction: 'backwards',
    limit: 1,
    filter: { streams: [streams.user(userId)], types: ['UserDeleted'] },
  });
  if (!deleted) throw new Error(`no UserDeleted for ${userId}`);
  return deleted.globalPosition;
}

async function deleteByAdmin(userId: string): Promise<number> {
  await h.http
    .delete(`/api/admin/users/${userId}`)
    .set('Authorization', `Bearer ${h.adminToken}`)
    .send({})
    .expect(200);
  return deletionOf(userId);
}

it('deletes a proof the submissions read model did not show yet when the account was deleted', async () => {
  const person = await registerUser(h, 'Chiamaka');
  const campaignId = await createCampaign(h);
  const late = await holdProjector(h, 'submissions');
  try {
    const submitted = await h.http
      .post('/api/tasks/submit')
      .set('Authorization', `Bearer ${person.token}`)
      .field('taskId', campaignId)
      .attach('proofImage', await pngBytes(), 'proof.png')
      .expect(201);
    const proofImage: string = submitted.body.submission.proofImage;
    expect(await stored(proofImage)).toEqual({ image: true, thumbnail: true });
    const deletedAt = await deleteByAdmin(person.userId);

    // The reactor has come to the deletion: erased it, or says what it waits for.
    const why = await eventually('the erasure reactor at the deletion', async () => {
      if ((await erasureAt()) >= deletedAt) return 'erased';
      const [status] = await erased.erasure.status();
      return status?.lastError ?? undefined;
    });
    await late.release();

    await eventually('the erasure reactor past the deletion', async () =>
      (await erasureAt()) >= deletedAt ? true : undefined,
    );
    expect(await stored(proofImage)).toEqual({ image: false, thumbnail: false });
    // It waited for the read model rather than erase without the proof.
    expect(why).toMatch(/the submissions read model is at \d+, before the deletion/);
  } finally {
    await late.release();
  }
});

it('deletes a proof whose submission was recorded after the deletion', async () => {
  const person = await registerUser(h, 'Emeka');
  const campaignId = await createCampaign(h);
  // The upload's file, stored before its command (take-part.ts).
  const png = await pngBytes();
  const proofImage = proofKeyFor(campaignId, person.userId, 'png')!;
  await storeImage(erased.images, proofImage, {
    bytes: png,
    type: 'png',
    contentType: 'image/png',
    extension: 'png',
    thumbnail: await makeThumbnail(png),
  });
  const deletedAt = await deleteByAdmin(person.userId);
  await eventually('the erasure reactor past the deletion', async () =>
    (await erasureAt()) >= deletedAt ? true : undefined,
  );

  // SubmitTask reads the user's stream but appends to the campaign's only: one that read the
  // user before the deletion is appended after it. Its event, as that append writes it.
  const campaign = await h.store.readStream(streams.campaign(campaignId));
  const { lastPosition } = await h.store.appendToStreams([
    {
      streamId: streams.campaign(campaignId),
      expectedVersion: campaign.length,
      events: [
        {
          id: randomUUID(),
          type: 'TaskSubmitted',
          data: {
            campaignId,
            submissionId: randomUUID(),
            userId: person.userId,
            proofImage,
            reward: 10_000,
          },
          metadata: { schemaVersion: 1 },
        },
      ],
    },
  ]);
  await settled(h, lastPosition);
  await eventually('the erasure reactor past the late submission', async () =>
    (await erasureAt()) >= lastPosition ? true : undefined,
  );
  expect(await stored(proofImage)).toEqual({ image: false, thumbnail: false });
});
