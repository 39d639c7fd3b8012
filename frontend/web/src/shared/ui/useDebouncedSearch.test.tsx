import { act, renderHook } from '@testing-library/react';
import { SEARCH_PAUSE_MS, useDebouncedSearch } from './useDebouncedSearch';

afterEach(() => jest.useRealTimers());

function search(committed = '') {
  const commits: string[] = [];
  const hook = renderHook(({ value }) => useDebouncedSearch(value, (text) => commits.push(text)), {
    initialProps: { value: committed },
  });
  const type = (text: string) => act(() => hook.result.current[1](text));
  return { hook, commits, type };
}

describe('a search box over a server-filtered list', () => {
  it('hands the text on once, after a pause in typing, not once per keystroke', () => {
    jest.useFakeTimers();
    const { hook, commits, type } = search();
    for (const text of ['t', 'tu', 'tun', 'tund', 'tunde']) {
      type(text);
      act(() => jest.advanceTimersByTime(SEARCH_PAUSE_MS - 100));
    }
    expect(hook.result.current[0]).toBe('tunde');
    expect(commits).toEqual([]);

    act(() => jest.advanceTimersByTime(100));
    expect(commits).toEqual(['tunde']);
  });

  it('follows the committed value when it changes from elsewhere (Clear filters, back button)', () => {
    const { hook, commits } = search('ada');
    expect(hook.result.current[0]).toBe('ada');
    hook.rerender({ value: '' });
    expect(hook.result.current[0]).toBe('');
    expect(commits).toEqual([]);
  });
});
