import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROOF_MAX_BYTES } from '../../shared/constants';
import type { Campaign } from './api';
import { CampaignDialog, rewardOf, safeCampaignUrl } from './CampaignDialog';

const campaign: Campaign = {
  _id: 'task-1',
  taskName: 'Subscribe to Naija Tech Reviews',
  taskInstructions: 'Subscribe, then upload a clear screenshot that shows it done.',
  taskPrice: 40.5,
  taskUrl: 'https://youtube.com/@naijatech',
  taskPlatform: 'youtube',
  taskVariation: 'Subscribe Channel',
  remainingUnits: 12,
  taskTime: 5,
  taskImage: null,
  submitted: false,
};

function png(name = 'proof.png', size = 2048, type = 'image/png') {
  return new File([new Uint8Array(size)], name, { type });
}

function renderDialog(overrides: Partial<Parameters<typeof CampaignDialog>[0]> = {}) {
  const sent: File[] = [];
  const completions: number[] = [];
  const props = {
    campaign,
    isOpen: true,
    submitting: false,
    onClose: () => undefined,
    onSubmit: async (proof: File) => {
      sent.push(proof);
      return null;
    },
    onCompleteActivity: () => completions.push(1),
    ...overrides,
  };
  const view = render(<CampaignDialog {...props} />);
  // A person may pick "All files" in the picker, so the browser's accept filter is not relied on.
  const user = userEvent.setup({ applyAccept: false });
  return { ...view, user, sent, completions };
}

const fileInput = () => screen.getByLabelText(/choose a.*screenshot/i) as HTMLInputElement;
// Blueprint's AnchorButton is an <a> with role=button.
const performLink = () => screen.getByText('Perform Task').closest('a') as HTMLAnchorElement;
const submitButton = () => screen.getByRole('button', { name: /submit task|submitting/i });

describe('the campaign dialog', () => {
  it('shows the campaign: platform, reward (whole naira), time, units, requirements, the link', () => {
    renderDialog();
    expect(screen.getByText('YouTube')).toBeInTheDocument();
    expect(screen.getByText('₦40')).toBeInTheDocument();
    expect(screen.getByText('5-10 minutes')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('PNG, JPG up to 10MB')).toBeInTheDocument();
    const link = performLink();
    expect(link).toHaveAttribute('href', 'https://youtube.com/@naijatech');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('keeps Submit Task disabled until a screenshot is chosen, then sends it', async () => {
    const { user, sent } = renderDialog();
    expect(submitButton()).toBeDisabled();
    const proof = png();
    await user.upload(fileInput(), proof);
    expect(screen.getByText('proof.png')).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    await user.click(submitButton());
    expect(sent).toEqual([proof]);
  });

  it('refuses a file that is not PNG, JPEG or WebP before sending it', async () => {
    const { user, sent } = renderDialog();
    await user.upload(fileInput(), png('anim.gif', 100, 'image/gif'));
    expect(screen.getByRole('alert')).toHaveTextContent('Proof must be a PNG, JPEG or WebP image');
    expect(submitButton()).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('refuses a screenshot over 10 MB before sending it', async () => {
    const { user } = renderDialog();
    await user.upload(fileInput(), png('huge.png', PROOF_MAX_BYTES + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Proof image must be at most 10 MB');
    expect(submitButton()).toBeDisabled();
  });

  it('Remove takes the chosen screenshot away again', async () => {
    const { user } = renderDialog();
    await user.upload(fileInput(), png());
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText('proof.png')).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('shows the server refusal of the file at the upload and asks for another', async () => {
    const { user } = renderDialog({ onSubmit: async () => 'Proof must be a PNG, JPEG or WebP image' });
    await user.upload(fileInput(), png('renamed.png'));
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Proof must be a PNG, JPEG or WebP image');
    expect(submitButton()).toBeDisabled();
  });

  it('says Submitting... and blocks every button while busy', () => {
    renderDialog({ submitting: true });
    expect(submitButton()).toHaveTextContent('Submitting...');
    expect(submitButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('an activity has no upload: opening its link completes it', async () => {
    const { user, completions } = renderDialog({ campaign: { ...campaign, taskPlatform: 'activity' } });
    expect(screen.queryByLabelText(/choose a.*screenshot/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /submit task/i })).not.toBeInTheDocument();
    const link = performLink();
    link.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot open tabs
    await user.click(link);
    expect(completions).toEqual([1]);
  });
});

describe('campaign dialog helpers', () => {
  it('shows the reward as the integer part of the price', () => {
    expect(rewardOf(40.5)).toBe('₦40');
    expect(rewardOf(1500.99)).toBe('₦1,500');
  });

  it('opens only web links', () => {
    expect(safeCampaignUrl('https://t.me/kobo')).toBe('https://t.me/kobo');
    expect(safeCampaignUrl('javascript:alert(1)')).toBeNull();
    expect(safeCampaignUrl('not a url')).toBeNull();
  });
});
