// The fetch stand-in first: the API module is created on import.
import { problem, renderPage, serveFetch, type SentRequest } from '../account/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommunityLinksPage } from './CommunityLinksPage';

const saved = {
  email: 'support@kobo.ng',
  whatsappChannel: 'https://whatsapp.com/channel/kobo',
  telegramChannel: 'https://t.me/kobo_ng',
  facebookPage: 'https://facebook.com/kobo.ng',
  instagramAccount: '',
  twitterAccount: 'https://x.com/kobo_ng',
  youtubeChannel: 'https://youtube.com/@kobo_ng',
};
const UPDATED = 'Community information has been updated.';
const NOT_A_LINK = 'Enter a full link starting with https:// (or leave it empty).';

/** A server that keeps the links: PUT changes the fields sent (or refuses a value that is no link). */
function server() {
  const links = { ...saved };
  const sent = serveFetch((request: SentRequest) => {
    if (request.method === 'GET' && request.path === '/api/community') return { status: 200, body: links };
    if (request.method === 'PUT' && request.path === '/api/community') {
      const body = request.body as Record<string, string>;
      if (
        Object.entries(body).some(([key, value]) => key !== 'email' && value && !/^https?:\/\//.test(value))
      )
        return problem(400, NOT_A_LINK);
      Object.assign(links, body);
      return { status: 200, body: { status: 'success', message: UPDATED, community: links } };
    }
    return problem(404, 'Not found');
  });
  return { sent, puts: () => sent.filter((request) => request.method === 'PUT') };
}

function page() {
  renderPage(<CommunityLinksPage />, { path: '/admin/community', at: '/admin/community' });
  return userEvent.setup();
}

const card = (name: string) => screen.getByRole('region', { name });

describe('Community and Contact', () => {
  it('shows the seven links as they are, an unset one as hidden', async () => {
    server();
    page();
    expect(await screen.findByRole('link', { name: saved.telegramChannel })).toHaveAttribute(
      'href',
      saved.telegramChannel,
    );
    for (const name of [
      'Email support',
      'WhatsApp channel',
      'Telegram channel',
      'YouTube channel',
      'Facebook page',
      'Instagram account',
      'Twitter account',
    ])
      expect(within(card(name)).getByRole('button', { name: `Edit ${name}` })).toBeInTheDocument();
    expect(within(card('Email support')).getByRole('link')).toHaveAttribute('href', 'mailto:support@kobo.ng');
    expect(within(card('Instagram account')).getByText('Not set: hidden from users')).toBeInTheDocument();
  });

  it('saves one link with Enter: only that field is sent, the server’s message is shown', async () => {
    const { puts } = server();
    const user = page();
    await user.click(await screen.findByRole('button', { name: 'Edit WhatsApp channel' }));
    const input = screen.getByRole('textbox', { name: 'WhatsApp channel' });
    expect(input).toHaveFocus();
    expect(input).toHaveValue(saved.whatsappChannel);

    await user.clear(input);
    await user.type(input, 'https://whatsapp.com/channel/kobo-news{Enter}');

    expect(await screen.findByText(UPDATED)).toBeInTheDocument();
    expect(puts().map((request) => request.body)).toEqual([
      { whatsappChannel: 'https://whatsapp.com/channel/kobo-news' },
    ]);
    // The card shows the value read back after the save, and focus is back on its Edit button.
    expect(
      await within(card('WhatsApp channel')).findByRole('link', {
        name: 'https://whatsapp.com/channel/kobo-news',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'WhatsApp channel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit WhatsApp channel' })).toHaveFocus();
  });

  it('cancels with Escape or Cancel: nothing is sent and the saved value stays', async () => {
    const { puts } = server();
    const user = page();
    await user.click(await screen.findByRole('button', { name: 'Edit Twitter account' }));
    await user.clear(screen.getByRole('textbox', { name: 'Twitter account' }));
    await user.type(screen.getByRole('textbox', { name: 'Twitter account' }), 'https://x.com/other{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Twitter account' })).not.toBeInTheDocument();
    expect(
      within(card('Twitter account')).getByRole('link', { name: saved.twitterAccount }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Twitter account' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit Twitter account' }));
    await user.type(screen.getByRole('textbox', { name: 'Twitter account' }), '/more');
    await user.click(within(card('Twitter account')).getByRole('button', { name: 'Cancel' }));
    expect(
      within(card('Twitter account')).getByRole('link', { name: saved.twitterAccount }),
    ).toBeInTheDocument();

    // Opening it again starts from the saved value, not the abandoned draft.
    await user.click(screen.getByRole('button', { name: 'Edit Twitter account' }));
    expect(screen.getByRole('textbox', { name: 'Twitter account' })).toHaveValue(saved.twitterAccount);
    expect(puts()).toHaveLength(0);
  });

  it('keeps the field open with the server’s refusal on it, and clearing a link sends an empty one', async () => {
    const { puts } = server();
    const user = page();
    await user.click(await screen.findByRole('button', { name: 'Edit Facebook page' }));
    const input = screen.getByRole('textbox', { name: 'Facebook page' });
    await user.clear(input);
    await user.type(input, 'javascript:alert(1)');
    await user.click(within(card('Facebook page')).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(within(card('Facebook page')).getByText(NOT_A_LINK)).toBeInTheDocument();
    expect(input).toHaveValue('javascript:alert(1)');

    await user.clear(input);
    await user.keyboard('{Enter}');
    expect(await within(card('Facebook page')).findByText('Not set: hidden from users')).toBeInTheDocument();
    expect(puts().map((request) => request.body)).toEqual([
      { facebookPage: 'javascript:alert(1)' },
      { facebookPage: '' },
    ]);
  });

  it('says so when the links cannot be loaded, and tries again', async () => {
    let fail = true;
    serveFetch(() =>
      fail ? problem(403, 'You do not have access to this resource') : { status: 200, body: saved },
    );
    const user = page();
    expect(await screen.findByText('You do not have access to this resource')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Edit Email support' })).toBeInTheDocument();
  });
});
