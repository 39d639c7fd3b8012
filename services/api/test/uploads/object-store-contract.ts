/**
 * The object store's contract, one suite for every adapter: each adapter's test file calls it
 * with a way to make a fresh store.
 */
import { randomBytes } from 'node:crypto';
import { InvalidObjectKeyError, type ObjectStore } from '../../src/uploads/object-store';

export function objectStoreContract(name: string, makeStore: () => ObjectStore): void {
  describe(`object store contract: ${name}`, () => {
    let store: ObjectStore;
    beforeAll(() => {
      store = makeStore();
    });

    it('gives back the bytes and content type that were put', async () => {
      const bytes = randomBytes(64 * 1024);
      await store.put('proofs/c1/u1-a.png', bytes, 'image/png');
      const object = await store.get('proofs/c1/u1-a.png');
      expect(object?.contentType).toBe('image/png');
      expect(object?.bytes.equals(bytes)).toBe(true);
    });

    it('answers null for a key that holds nothing', async () => {
      expect(await store.get('proofs/c1/nobody-here.png')).toBeNull();
      expect(await store.get('never/written/at-all.webp')).toBeNull();
    });

    it('replaces an object put again under the same key', async () => {
      await store.put('campaigns/replace-me.jpg', Buffer.from('first'), 'image/jpeg');
      await store.put('campaigns/replace-me.jpg', Buffer.from('second'), 'image/webp');
      const object = await store.get('campaigns/replace-me.jpg');
      expect(object?.bytes.toString()).toBe('second');
      expect(object?.contentType).toBe('image/webp');
    });

    it('deletes, and deleting what is not there is no error', async () => {
      await store.put('proofs/c2/u2-b.webp', Buffer.from('bytes'), 'image/webp');
      await store.delete('proofs/c2/u2-b.webp');
      expect(await store.get('proofs/c2/u2-b.webp')).toBeNull();
      await expect(store.delete('proofs/c2/u2-b.webp')).resolves.toBeUndefined();
      await expect(store.delete('proofs/never/there.png')).resolves.toBeUndefined();
    });

    it('keeps objects under different keys apart', async () => {
      await store.put('proofs/c3/one.png', Buffer.from('one'), 'image/png');
      await store.put('proofs/c3/two.png', Buffer.from('two'), 'image/png');
      await store.delete('proofs/c3/one.png');
      expect((await store.get('proofs/c3/two.png'))?.bytes.toString()).toBe('two');
    });

    it.each([
      '../escape.png',
      'proofs/../../escape.png',
      '/absolute.png',
      'a//b.png',
      '.hidden/x.png',
      'a\\b.png',
      '',
      'a/',
    ])('refuses the unsafe key %j', async (key) => {
      await expect(store.put(key, Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(
        InvalidObjectKeyError,
      );
      await expect(store.get(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    });
  });
}
