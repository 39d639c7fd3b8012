import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { SiteLayout } from './SiteLayout';
import { loadIconsBeforeAll, renderSitePage } from './testing/render';

loadIconsBeforeAll();

function renderSite(path = '/') {
  return renderSitePage(
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<h1>Home page</h1>} />
        <Route path="about" element={<h1>About page</h1>} />
        <Route path="faq" element={<h1>FAQ page</h1>} />
      </Route>
    </Routes>,
    { path },
  );
}

beforeEach(() => {
  window.scrollTo = jest.fn() as typeof window.scrollTo;
});

describe('SiteLayout', () => {
  it('highlights the current page and scrolls to the top when a link is clicked', async () => {
    const user = userEvent.setup();
    renderSite('/about');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');

    // The current page's own link scrolls back to the top too.
    jest.mocked(window.scrollTo).mockClear();
    await user.click(within(main).getByRole('link', { name: 'About' }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });

    jest.mocked(window.scrollTo).mockClear();
    await user.click(within(main).getByRole('link', { name: 'FAQ' }));
    expect(await screen.findByRole('heading', { name: 'FAQ page' })).toBeInTheDocument();
    expect(main.querySelector('[aria-current="page"]')).toHaveTextContent('FAQ');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('has the landmarks and the sign-in, sign-up and member links', () => {
    renderSite('/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('link', { name: 'Tasks (sign-in required)' })).toHaveAttribute(
      'href',
      '/dashboard/tasks',
    );
    expect(screen.getByRole('link', { name: 'Withdraw (sign-in required)' })).toHaveAttribute(
      'href',
      '/dashboard/withdraw',
    );
  });

  it('opens the slide-in menu as a dialog that Esc closes, returning focus to the menu button', async () => {
    const user = userEvent.setup();
    renderSite('/');
    const button = screen.getByRole('button', { name: 'Open menu' });
    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();

    // Tab stays inside the menu.
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu when one of its links is followed', async () => {
    const user = userEvent.setup();
    renderSite('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(dialog.querySelector('a[href="/about"]') as HTMLElement);

    expect(await screen.findByRole('heading', { name: 'About page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
