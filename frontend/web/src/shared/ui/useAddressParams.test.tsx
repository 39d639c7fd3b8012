// jsdom has no Request, which the router builds for each navigation.
import '../../features/account/fetch-stand-in';
import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { type ParamsChange, useAddressParams } from './useAddressParams';

function setUp(at: string) {
  let change: (update: ParamsChange) => void = () => undefined;
  function Page() {
    const [params, write] = useAddressParams();
    change = write;
    return <p>{params.toString()}</p>;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Page /> }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return { router, change: (update: ParamsChange) => change(update) };
}

const setting = (name: string, value: string) => (current: URLSearchParams) => {
  current.set(name, value);
  return current;
};

describe('the view state in the address', () => {
  it('keeps both of two writes made before the router shows the first', async () => {
    const { router, change } = setUp('/list?status=paused');
    act(() => {
      change(setting('platform', 'app-stores'));
      change(setting('q', 'payquick'));
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=paused&platform=app-stores&q=payquick'),
    );
  });

  it('starts from the address again once it shows what was written', async () => {
    const { router, change } = setUp('/list?page=3');
    act(() => change(setting('q', 'ada')));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3&q=ada'));
    // The back button (or a link) moves the address elsewhere; the next write starts there.
    await act(() => router.navigate('/list?status=active'));
    act(() => change(setting('page', '2')));
    await waitFor(() => expect(router.state.location.search).toBe('?status=active&page=2'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
