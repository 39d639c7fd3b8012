/** Calls of one turn of the event loop are sent as one run; each caller gets its own answer. */
import { sameTurn } from '../src';

function recorder(fail: (item: string) => boolean = () => false) {
  const runs: string[][] = [];
  const call = sameTurn(
    async (items: string[]) => {
      runs.push(items);
      if (items.some(fail)) throw new Error(`refused ${items.filter(fail).join(',')}`);
      return items.map((item) => item.toUpperCase());
    },
    (item) => item.split(':')[0]!,
  );
  return { runs, call };
}

describe('sameTurn', () => {
  it('sends the calls of one turn as one run and answers each caller in order', async () => {
    const { runs, call } = recorder();
    const answers = await Promise.all([call('a'), call('b'), call('c')]);
    expect(answers).toEqual(['A', 'B', 'C']);
    expect(runs).toEqual([['a', 'b', 'c']]);
  });

  it('sends a later turn on its own', async () => {
    const { runs, call } = recorder();
    await call('a');
    await call('b');
    expect(runs).toEqual([['a'], ['b']]);
  });

  it('without a key, sends every call of the turn in one run, the same item too', async () => {
    const runs: string[][] = [];
    const call = sameTurn(async (items: string[]) => {
      runs.push(items);
      return items.map((item) => item.toUpperCase());
    });
    expect(await Promise.all([call('a'), call('a'), call('b')])).toEqual(['A', 'A', 'B']);
    expect(runs).toEqual([['a', 'a', 'b']]);
  });

  it('puts two calls with one key in separate runs', async () => {
    const { runs, call } = recorder();
    const answers = await Promise.all([call('a:1'), call('b'), call('a:2'), call('a:3')]);
    expect(answers).toEqual(['A:1', 'B', 'A:2', 'A:3']);
    expect(runs).toEqual([['a:1', 'b'], ['a:2'], ['a:3']]);
  });

  it('fails only the caller whose item fails: a failed run is sent again item by item', async () => {
    const { runs, call } = recorder((item) => item === 'bad');
    const answers = await Promise.allSettled([call('a'), call('bad'), call('c')]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('refused bad') },
      { status: 'fulfilled', value: 'C' },
    ]);
    expect(runs).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });
});
