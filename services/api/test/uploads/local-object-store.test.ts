import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalObjectStore } from '../../src/uploads/local-object-store';
import { objectStoreContract } from './object-store-contract';

let parent: string;
let root: string;
beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'kobo-local-store-'));
  root = join(parent, 'uploads');
});
afterAll(() => rm(parent, { recursive: true, force: true }));

objectStoreContract('local directory', () => createLocalObjectStore(root));

describe('the local directory store', () => {
  it('keeps the bytes at <root>/<key>, where the verification job reads them', async () => {
    const store = createLocalObjectStore(root);
    await store.put('proofs/c9/u9-x.png', Buffer.from('png bytes'), 'image/png');
    expect(await readFile(join(root, 'proofs/c9/u9-x.png'), 'utf8')).toBe('png bytes');
  });

  it('writes nothing outside its directory for a key that tries to leave it', async () => {
    const store = createLocalObjectStore(root);
    await expect(store.put('../outside.png', Buffer.from('x'), 'image/png')).rejects.toThrow();
    expect(await readdir(parent)).toEqual(['uploads']);
  });

  it('writes into a directory taken away since its last write there', async () => {
    const store = createLocalObjectStore(root);
    await store.put('proofs/c8/u8-a.png', Buffer.from('first'), 'image/png');
    await rm(join(root, 'proofs/c8'), { recursive: true });
    await rm(join(root, '.tmp'), { recursive: true });
    await store.put('proofs/c8/u8-b.png', Buffer.from('second'), 'image/png');
    expect(await readFile(join(root, 'proofs/c8/u8-b.png'), 'utf8')).toBe('second');
    expect((await store.get('proofs/c8/u8-b.png'))?.contentType).toBe('image/png');
  });

  it('guesses the type from the extension for a file put there by hand', async () => {
    const store = createLocalObjectStore(root);
    await store.put('campaigns/by-hand.jpg', Buffer.from('jpeg'), 'image/jpeg');
    await rm(join(root, '.content-types/campaigns/by-hand.jpg'));
    expect((await store.get('campaigns/by-hand.jpg'))?.contentType).toBe('image/jpeg');
  });
});
