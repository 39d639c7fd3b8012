/** An image and its thumbnail are written and removed together: never one without the other. */
import type { Logger } from '@kobo/platform';
import type { CheckedImage } from './image-upload';
import type { ObjectStore } from './object-store';
import { THUMBNAIL_CONTENT_TYPE, thumbnailKeyOf } from './thumbnail';

export async function storeImage(store: ObjectStore, key: string, image: CheckedImage): Promise<void> {
  await store.put(key, image.bytes, image.contentType);
  try {
    await store.put(thumbnailKeyOf(key), image.thumbnail, THUMBNAIL_CONTENT_TYPE);
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
}

/** Best effort: a failure is logged (an orphan file is harmless; a lost answer is not). */
export async function removeImage(
  store: ObjectStore,
  key: string,
  logger: Pick<Logger, 'error'>,
): Promise<void> {
  for (const target of [key, thumbnailKeyOf(key)])
    await store.delete(target).catch((error: unknown) => {
      logger.error({ err: error, key: target }, 'could not remove an uploaded image');
    });
}

/** Deletes an image and its thumbnail for good (an erasure): a failure is thrown, to be tried again. */
export async function deleteImage(store: ObjectStore, key: string): Promise<void> {
  for (const target of [key, thumbnailKeyOf(key)]) await store.delete(target);
}
