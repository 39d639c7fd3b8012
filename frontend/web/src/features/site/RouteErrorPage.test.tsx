import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router-dom';
import { describeRouteError, RouteErrorPage } from './RouteErrorPage';
import { stubFetch } from './testing/fetch-stub';

describe('RouteErrorPage', () => {
  it('shows the status and status text of an error response', async () => {
    stubFetch({}); // jsdom has no Request, which the router's loaders need
    const router = createMemoryRouter(
      [
        {
          path: '/',
          ErrorBoundary: RouteErrorPage,
          loader: () => {
            throw data('Gone for good', { status: 410, statusText: 'Gone' });
          },
          Component: () => <p>never</p>,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('410 Gone')).toBeInTheDocument();
    expect(screen.getByText('Gone for good')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  });

  it('offers a retry, not the crash screen, when a page could not be downloaded', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        ErrorBoundary: RouteErrorPage,
        Component: () => {
          throw new TypeError('Failed to fetch dynamically imported module: /assets/HistoryPage-x.js');
        },
      },
    ]);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'This page could not load' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
  });

  it("shows a thrown error's message", async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        ErrorBoundary: RouteErrorPage,
        Component: () => {
          throw new Error('Cannot read properties of undefined');
        },
      },
    ]);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Cannot read properties of undefined')).toBeInTheDocument();
    expect(screen.queryByTestId('route-error-status')).not.toBeInTheDocument();
  });

  it('describes anything else thrown', () => {
    expect(describeRouteError('boom')).toEqual({ message: 'boom' });
    expect(describeRouteError(undefined)).toEqual({ message: 'An unknown error occurred.' });
  });
});
