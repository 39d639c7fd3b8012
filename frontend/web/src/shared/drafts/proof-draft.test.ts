import { draftFor } from './proof-draft';

describe('the proof draft kept on the device', () => {
  // As the device keeps it (the campaign's id as taskId, as drafts saved before have it).
  const stored = {
    userId: 'user-a',
    taskId: 'campaign-1',
    file: new Blob([new Uint8Array(10)], { type: 'image/webp' }),
    name: 'proof.webp',
    type: 'image/webp',
    waitingToSend: true,
    savedAt: 5,
  };

  it('gives the signed-in user back their campaign and screenshot', () => {
    const draft = draftFor(stored, 'user-a');
    expect(draft).toMatchObject({
      userId: 'user-a',
      campaignId: 'campaign-1',
      waitingToSend: true,
      savedAt: 5,
    });
    expect(draft?.file?.name).toBe('proof.webp');
    expect(draft?.file?.type).toBe('image/webp');
    expect(draft?.file?.size).toBe(10);
  });

  it("never gives another account's draft", () => {
    expect(draftFor(stored, 'user-b')).toBeNull();
  });

  it('keeps a campaign chosen without a screenshot, never waiting to send', () => {
    expect(draftFor({ ...stored, file: null }, 'user-a')).toMatchObject({ file: null, waitingToSend: false });
  });

  it('ignores what is not a draft', () => {
    expect(draftFor(undefined, 'user-a')).toBeNull();
    expect(draftFor({ userId: 'user-a' }, 'user-a')).toBeNull();
  });
});
