// The fetch stand-in first: the API module is created on import.
import { problem, renderPage, serveFetch, type Answer } from '../account/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsPage } from './SettingsPage';

const dashboard = {
  username: 'adaokafor',
  firstName: 'Ada',
  lastName: 'Okafor',
  email: 'ada@demo.kobo.ng',
  phone: '08031234567',
  bankDetails: { bankCode: '', bankName: '', accountNum: '', accountName: '' },
  hasPin: false,
};
const copy = {
  exportedAt: '2026-11-21T10:00:00.000Z',
  about: { profile: 'Your name, username, …' },
  profile: { ...dashboard, role: 'user', status: 'active', registeredAt: '2026-10-02T08:00:00.000Z' },
  submissions: [],
  withdrawals: [],
};
const FILE_NAME = 'kobo-data-adaokafor-2026-11-21.json';

/** What the browser was asked to save: the file's name and its text. */
interface Saved {
  fileName: string;
  text: string;
}

/**
 * The browser's side of a download (jsdom has no object URLs and does not save files): the blob
 * behind each object URL, and each link clicked with `download`, read back as the file saved.
 */
function watchDownloads(): Saved[] {
  const saved: Saved[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:kobo/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void blobs.delete(url);
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (!this.download || !blob) return;
    // jsdom's Blob has no text(): read as a page would without it.
    const reader = new FileReader();
    reader.onload = () => saved.push({ fileName: this.download, text: String(reader.result) });
    reader.readAsText(blob);
  });
  return saved;
}

/** The settings page over a server that answers the dashboard, and the export with `exported`. */
function settingsWith(exported: () => Answer) {
  const sent = serveFetch((request) =>
    request.path === '/api/users/data-export' ? exported() : { status: 200, body: dashboard },
  );
  renderPage(<SettingsPage />, { path: '/dashboard/settings', at: '/dashboard/settings' });
  return {
    exports: () => sent.filter((r) => r.path === '/api/users/data-export'),
    user: userEvent.setup(),
  };
}

const panel = () => within(screen.getByRole('region', { name: 'Your data' }));

afterEach(() => jest.restoreAllMocks());

describe('Settings: download my data', () => {
  it('says what is in the copy, fetches it through the app API and saves it as the file the server names', async () => {
    const saved = watchDownloads();
    let answer: (reply: Awaited<Answer>) => void = () => undefined;
    const { exports, user } = settingsWith(() => new Promise((resolve) => (answer = resolve)));
    expect(
      await screen.findByText(/profile, bank details, task submissions, withdrawals/),
    ).toBeInTheDocument();

    const button = panel().getByRole('button', { name: 'Download my data' });
    await user.click(button);
    // Loading until the copy arrives: a second click cannot ask again.
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveClass('bp6-loading');
    answer({
      status: 200,
      body: copy,
      headers: { 'Content-Disposition': `attachment; filename="${FILE_NAME}"` },
    });

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.fileName).toBe(FILE_NAME);
    expect(JSON.parse(saved[0]!.text)).toEqual(copy);
    expect(exports()).toHaveLength(1);
    expect(exports()[0]!.method).toBe('GET');
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('says so in a toast when the copy cannot be had, and saves nothing', async () => {
    const saved = watchDownloads();
    const { user } = settingsWith(() =>
      problem(503, 'The server is restarting. Please try again in a moment.'),
    );
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText('The server is restarting. Please try again in a moment.'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(panel().getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });
});
