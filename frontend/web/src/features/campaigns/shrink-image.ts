/**
 * A proof screenshot made small in the browser before it is sent: a phone's 3 MB PNG takes half a
 * minute at 750 kbps, the same picture as a 1,600 px WebP or JPEG of about 300 KB a few seconds.
 * The long side is brought to at most 1,600 px, then the quality is lowered step by step, then
 * the size, until the file is under PROOF_TARGET_BYTES. The server checks the result as it checks
 * any proof (type from the bytes, decodes it whole).
 */

export const PROOF_MAX_SIDE = 1600;
/** About 300 KB: what the encoder aims for. */
export const PROOF_TARGET_BYTES = 300 * 1024;
/** Qualities tried in turn at each size; below the last one, the picture is made smaller instead. */
export const PROOF_QUALITIES = [0.82, 0.72, 0.62, 0.52] as const;
/** Each smaller try keeps this share of the sides; never below MIN_SIDE on the long side. */
export const SHRINK_STEP = 0.8;
export const MIN_SIDE = 640;

export interface Size {
  width: number;
  height: number;
}

/** The size that fits `maxSide` on the long side, proportions kept; never larger than the original. */
export function fitWithin({ width, height }: Size, maxSide = PROOF_MAX_SIDE): Size {
  const long = Math.max(width, height);
  if (long <= maxSide) return { width, height };
  const scale = maxSide / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The tries in order: every quality at the fitted size, then at smaller sizes down to MIN_SIDE. */
export function encodingPlan(original: Size): { size: Size; quality: number }[] {
  const plan: { size: Size; quality: number }[] = [];
  let size = fitWithin(original);
  for (;;) {
    for (const quality of PROOF_QUALITIES) plan.push({ size, quality });
    const long = Math.max(size.width, size.height);
    if (long <= MIN_SIDE) return plan;
    size = fitWithin(size, Math.max(MIN_SIDE, Math.round(long * SHRINK_STEP)));
  }
}

/** Whether the file is fine to send as it is: small already and not too large a picture. */
export function needsShrinking(bytes: number, size: Size): boolean {
  return bytes > PROOF_TARGET_BYTES || Math.max(size.width, size.height) > PROOF_MAX_SIDE;
}

/** `proof.png` → `proof.webp`. */
export function renamed(name: string, type: string): string {
  const extension = type === 'image/webp' ? 'webp' : 'jpg';
  const base = name.replace(/\.[^./\\]+$/, '') || 'screenshot';
  return `${base}.${extension}`;
}

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * The screenshot made small (see above), or the file itself when it is small already or the
 * browser cannot decode or encode it (the server then judges the original).
 */
export async function shrinkImage(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const original = { width: bitmap.width, height: bitmap.height };
    if (!needsShrinking(file.size, original)) return file;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (!context) return file;
    let best: Blob | null = null;
    let type = 'image/webp';
    for (const { size, quality } of encodingPlan(original)) {
      if (canvas.width !== size.width || canvas.height !== size.height) {
        canvas.width = size.width;
        canvas.height = size.height;
        // A transparent PNG flattened on white (JPEG has no transparency).
        context.fillStyle = '#fff';
        context.fillRect(0, 0, size.width, size.height);
        context.imageSmoothingQuality = 'high';
        context.drawImage(bitmap, 0, 0, size.width, size.height);
      }
      let blob = await encode(canvas, type, quality);
      // A browser without a WebP encoder answers PNG: JPEG from then on.
      if (blob && blob.type !== type) {
        type = 'image/jpeg';
        blob = await encode(canvas, type, quality);
      }
      if (!blob) return file;
      if (!best || blob.size < best.size) best = blob;
      if (blob.size <= PROOF_TARGET_BYTES) break;
    }
    if (!best || best.size >= file.size) return file;
    return new File([best], renamed(file.name, best.type), { type: best.type, lastModified: Date.now() });
  } finally {
    bitmap.close();
  }
}
