import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactPage } from './ContactPage';
import { CONTACT_FAILURE_TOAST, CONTACT_SUCCESS_TOAST, validateContact } from './contact-form';
import { stubFetch } from './testing/fetch-stub';
import { loadIconsBeforeAll, renderSitePage } from './testing/render';

loadIconsBeforeAll();

const filled = {
  fullName: 'Ada Obi',
  email: 'ada@example.ng',
  subject: 'Withdrawal question',
  message: 'When will my withdrawal arrive?',
};

describe('validateContact', () => {
  it('requires every field', () => {
    expect(validateContact({ fullName: ' ', email: '', subject: '', message: '' })).toEqual({
      fullName: 'Full name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });

  it('checks the email address and the server limits', () => {
    expect(validateContact({ ...filled, email: 'ada@' })).toEqual({
      email: 'Please enter a valid email address.',
    });
    expect(validateContact({ ...filled, subject: 'x'.repeat(201) })).toEqual({
      subject: 'Subject must be at most 200 characters',
    });
    expect(validateContact(filled)).toEqual({});
  });
});

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), filled.fullName);
  await user.type(screen.getByLabelText('Email'), filled.email);
  await user.type(screen.getByLabelText('Subject'), filled.subject);
  await user.type(screen.getByLabelText('Message'), filled.message);
}

describe('ContactPage', () => {
  it('shows a message under each empty field and sends nothing', async () => {
    const fetch = stubFetch({});
    const user = userEvent.setup();
    renderSitePage(<ContactPage />, { path: '/contact' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Full name is required');
    expect(fetch.calls).toHaveLength(0);

    // Editing a field clears its message.
    await user.type(screen.getByLabelText('Full name'), 'A');
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();
  });

  it('sends the message, confirms it and clears the form', async () => {
    const fetch = stubFetch({
      'POST /api/contact': { status: 200, body: { message: 'Message sent successfully!' } },
    });
    const user = userEvent.setup();
    renderSitePage(<ContactPage />, { path: '/contact' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(CONTACT_SUCCESS_TOAST)).toBeInTheDocument();
    expect(fetch.calls).toEqual([{ method: 'POST', path: '/api/contact', body: filled }]);
    for (const label of ['Full name', 'Email', 'Subject', 'Message'])
      expect(screen.getByLabelText(label)).toHaveValue('');
  });

  it("counts only 'Message sent successfully!' as success", async () => {
    stubFetch({ 'POST /api/contact': { status: 200, body: { message: 'Queued' } } });
    const user = userEvent.setup();
    renderSitePage(<ContactPage />, { path: '/contact' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(CONTACT_FAILURE_TOAST)).toBeInTheDocument();
    expect(screen.queryByText(CONTACT_SUCCESS_TOAST)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue(filled.subject);
  });

  it("shows the server's message with the standard sentence and keeps what was typed", async () => {
    stubFetch({
      'POST /api/contact': {
        status: 429,
        body: { status: 429, message: 'Too many messages. Please wait a few minutes and try again.' },
      },
    });
    const user = userEvent.setup();
    renderSitePage(<ContactPage />, { path: '/contact' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const toast = await screen.findByText(CONTACT_FAILURE_TOAST);
    expect(toast.closest('.bp6-toast')).toHaveTextContent(
      'Too many messages. Please wait a few minutes and try again.',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled());
    expect(screen.getByLabelText('Message')).toHaveValue(filled.message);
  });
});
