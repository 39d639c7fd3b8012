import {
  encodingPlan,
  fitWithin,
  MIN_SIDE,
  needsShrinking,
  PROOF_QUALITIES,
  PROOF_TARGET_BYTES,
  renamed,
} from './shrink-image';

describe('the size a proof screenshot is brought to', () => {
  it('fits the long side in 1,600 px, proportions kept', () => {
    expect(fitWithin({ width: 1080, height: 2400 })).toEqual({ width: 720, height: 1600 });
    expect(fitWithin({ width: 4000, height: 3000 })).toEqual({ width: 1600, height: 1200 });
  });

  it('never enlarges a small picture', () => {
    expect(fitWithin({ width: 720, height: 1280 })).toEqual({ width: 720, height: 1280 });
    expect(fitWithin({ width: 1600, height: 900 })).toEqual({ width: 1600, height: 900 });
  });

  it('tries every quality at the fitted size first, then smaller sizes, down to 640 px', () => {
    const plan = encodingPlan({ width: 1080, height: 2400 });
    expect(plan.slice(0, PROOF_QUALITIES.length).map((step) => step.size)).toEqual(
      PROOF_QUALITIES.map(() => ({ width: 720, height: 1600 })),
    );
    expect(plan.map((step) => step.quality).slice(0, 4)).toEqual([...PROOF_QUALITIES]);
    const longSides = plan.map((step) => Math.max(step.size.width, step.size.height));
    expect(longSides[PROOF_QUALITIES.length]).toBe(1280);
    expect(Math.min(...longSides)).toBe(MIN_SIDE);
    for (let i = 1; i < longSides.length; i += 1) expect(longSides[i]).toBeLessThanOrEqual(longSides[i - 1]!);
  });

  it('leaves a small file with a small picture as it is', () => {
    expect(needsShrinking(PROOF_TARGET_BYTES, { width: 1080, height: 1600 })).toBe(false);
    expect(needsShrinking(PROOF_TARGET_BYTES + 1, { width: 720, height: 1280 })).toBe(true);
    expect(needsShrinking(50_000, { width: 1080, height: 2400 })).toBe(true);
  });

  it('names the new file after the old one, with the new type', () => {
    expect(renamed('Screenshot_2026.png', 'image/webp')).toBe('Screenshot_2026.webp');
    expect(renamed('proof', 'image/jpeg')).toBe('proof.jpg');
  });
});
