import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '../../app/store';
import { supportApi } from './api';
import { SupportPage } from './SupportPage';

it('shows the saved community links, hides the empty ones, and keeps the static help', async () => {
  const store = createStore();
  await store.dispatch(
    supportApi.util.upsertQueryData('getCommunity', undefined, {
      email: 'support@kobo.ng',
      whatsappChannel: '',
      telegramChannel: 'https://t.me/kobo_ng',
      facebookPage: 'https://facebook.com/kobo.ng',
      instagramAccount: '',
      twitterAccount: 'https://x.com/kobo_ng',
      youtubeChannel: '',
    }),
  );
  render(
    <Provider store={store}>
      <MemoryRouter>
        <SupportPage />
      </MemoryRouter>
    </Provider>,
  );

  expect(screen.getByRole('link', { name: /View FAQ/ })).toHaveAttribute('href', '/faq');
  expect(screen.getByRole('link', { name: 'Send email to support@kobo.ng' })).toHaveAttribute(
    'href',
    'mailto:support@kobo.ng',
  );
  expect(screen.getByRole('link', { name: /Join channel: Telegram channel/ })).toHaveAttribute(
    'href',
    'https://t.me/kobo_ng',
  );
  expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Facebook/ })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Twitter/ })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Instagram|YouTube/ })).not.toBeInTheDocument();
  expect(screen.getByText('Monday - Friday')).toBeInTheDocument();
  expect(screen.getByText('Closed')).toBeInTheDocument();
  expect(screen.getByText(/Email replies within 24 hours/)).toBeInTheDocument();
});
