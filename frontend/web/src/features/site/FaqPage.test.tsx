import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FAQ_CATEGORIES, filterFaq } from './faq-content';
import { FaqPage } from './FaqPage';
import { stubFetch } from './testing/fetch-stub';
import { loadIconsBeforeAll, renderSitePage } from './testing/render';

loadIconsBeforeAll();

const FIGURES = {
  minWithdrawalAccount: 2000,
  minWithdrawalActivity: 40000,
  withdrawalFee: 0,
  signupBonus: 500,
  referralBonus: 200,
};
const ALL_QUESTIONS = FAQ_CATEGORIES.reduce((sum, category) => sum + category.items.length, 0);

function questions() {
  return screen
    .queryAllByRole('button', { expanded: false })
    .concat(screen.queryAllByRole('button', { expanded: true }))
    .filter((button) => button.classList.contains('kobo-site-accordion-button'));
}

describe('filterFaq', () => {
  it('matches every word of the query in the question or answer, ignoring case', () => {
    const result = filterFaq(FAQ_CATEGORIES, 'REFERRAL Invitation', FIGURES);
    expect(result.categories.flatMap((c) => c.items.map((i) => i.id))).toEqual(['referrals']);
    expect(result.count).toBe(1);
  });

  it('searches the answers with the configured figures in them', () => {
    expect(filterFaq(FAQ_CATEGORIES, '₦40,000', FIGURES).count).toBe(1);
    expect(filterFaq(FAQ_CATEGORIES, '₦40,000', undefined).count).toBe(0);
  });

  it('keeps everything for an empty query and nothing for an unknown word', () => {
    expect(filterFaq(FAQ_CATEGORIES, '  ', FIGURES).count).toBe(ALL_QUESTIONS);
    expect(filterFaq(FAQ_CATEGORIES, 'xylophone', FIGURES)).toEqual({ categories: [], count: 0 });
  });
});

describe('FaqPage', () => {
  it('shows four categories and every question before any search', async () => {
    stubFetch({ 'GET /api/site': { status: 200, body: FIGURES } });
    renderSitePage(<FaqPage />, { path: '/faq' });
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
    for (const title of [
      'Getting Started',
      'Earning & Tasks',
      'Payments & Withdrawals',
      'Account & Security',
    ])
      expect(screen.getByRole('heading', { level: 2, name: new RegExp(`^${title}`) })).toBeInTheDocument();
    expect(questions()).toHaveLength(ALL_QUESTIONS);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('counts the results while searching and opens the matches', async () => {
    stubFetch({ 'GET /api/site': { status: 200, body: FIGURES } });
    const user = userEvent.setup();
    renderSitePage(<FaqPage />, { path: '/faq' });
    await user.type(screen.getByRole('searchbox', { name: 'Search the FAQ' }), 'withdrawal');

    const expected = filterFaq(FAQ_CATEGORIES, 'withdrawal', FIGURES).count;
    expect(expected).toBeGreaterThan(1);
    expect(screen.getByRole('status')).toHaveTextContent(`${expected} results`);
    expect(questions()).toHaveLength(expected);
    // The configured minimums, read from GET /api/site, are in the opened answer.
    const minimum = screen.getByRole('region', { name: 'What is the minimum withdrawal amount?' });
    expect(within(minimum).getByText(/₦2,000 from your account balance and ₦40,000/)).toBeVisible();
  });

  it("says 'No results found' and the clear-search link brings everything back", async () => {
    stubFetch({ 'GET /api/site': { status: 200, body: FIGURES } });
    const user = userEvent.setup();
    renderSitePage(<FaqPage />, { path: '/faq' });
    const search = screen.getByRole('searchbox', { name: 'Search the FAQ' });
    await user.type(search, 'xylophone');

    expect(screen.getByRole('heading', { name: 'No results found' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 results');
    expect(questions()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(screen.queryByText('No results found')).not.toBeInTheDocument();
    expect(questions()).toHaveLength(ALL_QUESTIONS);
  });

  it('writes the answers without figures when the site figures cannot be read', async () => {
    stubFetch({ 'GET /api/site': { status: 404, body: { message: 'Not Found' } } });
    const user = userEvent.setup();
    renderSitePage(<FaqPage />, { path: '/faq' });
    await user.click(screen.getByRole('button', { name: 'What is the minimum withdrawal amount?' }));
    const answer = screen.getByRole('region', { name: 'What is the minimum withdrawal amount?' });
    expect(
      await within(answer).findByText(/Each balance has its own minimum withdrawal amount/),
    ).toBeVisible();
    expect(answer).not.toHaveTextContent('₦');
  });
});
