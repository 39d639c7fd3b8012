/**
 * Demo data: users, campaigns on every platform, submissions in every state, withdrawals in every
 * state. Every id derives from a name, and every command carries a command id, so running the
 * seed again appends nothing (the retry path of the command handlers).
 */
import { v5 as uuidv5 } from 'uuid';
import { kobo, nairaToKobo, nubanOf, submissionIdFor, type Actor, type LedgerCommands } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { BootstrapAccount } from '../accounts/bootstrap';
import { hashPassword } from '../accounts/password-hashing';
import type { CheckedImage } from '../uploads/image-upload';
import type { ObjectStore } from '../uploads/object-store';
import { storeImage } from '../uploads/stored-images';
import { makeThumbnail } from '../uploads/thumbnail';

const SEED: Actor = { role: 'system', id: 'seed' };

const DEMO_NAMESPACE = 'a3c8e6f2-5d14-4b7e-9a21-7c0f4e8b2d63';
const id = (name: string) => uuidv5(name, DEMO_NAMESPACE);
const naira = (amount: number) => nairaToKobo(amount);

export const DEMO_PASSWORD = 'password123';

/** Demo staff, so the admin and finance areas can be tried without configuring anyone. */
export const demoStaff: BootstrapAccount[] = [
  { role: 'admin', email: 'admin@demo.kobo.ng', password: DEMO_PASSWORD },
  { role: 'finance', email: 'finance@demo.kobo.ng', password: DEMO_PASSWORD },
];

interface DemoUser {
  key: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  referredBy?: string;
}

export const demoUsers: DemoUser[] = [
  {
    key: 'ada',
    firstName: 'Ada',
    lastName: 'Okafor',
    username: 'adaokafor',
    email: 'ada@demo.kobo.ng',
    phone: '08031234567',
  },
  {
    key: 'tunde',
    firstName: 'Tunde',
    lastName: 'Bakare',
    username: 'tundeb',
    email: 'tunde@demo.kobo.ng',
    phone: '08059876543',
    referredBy: 'ada',
  },
  {
    key: 'chioma',
    firstName: 'Chioma',
    lastName: 'Eze',
    username: 'chiomaeze',
    email: 'chioma@demo.kobo.ng',
    phone: '07061112222',
    referredBy: 'ada',
  },
  {
    key: 'emeka',
    firstName: 'Emeka',
    lastName: 'Obi',
    username: 'emekaobi',
    email: 'emeka@demo.kobo.ng',
    phone: '09012345678',
  },
  {
    key: 'zainab',
    firstName: 'Zainab',
    lastName: 'Musa',
    username: 'zainabm',
    email: 'zainab@demo.kobo.ng',
    phone: '08122223333',
  },
];

const campaigns = [
  {
    key: 'fb-like',
    platform: 'facebook',
    variation: 'Like Page',
    title: 'Like the Jollof Kitchen page',
    price: 25,
    units: 200,
  },
  {
    key: 'wa-channel',
    platform: 'whatsapp',
    variation: 'Join Channel',
    title: 'Join the Lagos Deals channel',
    price: 50,
    units: 150,
  },
  {
    key: 'yt-sub',
    platform: 'youtube',
    variation: 'Subscribe Channel',
    title: 'Subscribe to Naija Tech Reviews',
    price: 40,
    units: 300,
  },
  {
    key: 'tg-group',
    platform: 'telegram',
    variation: 'Join Group',
    title: 'Join the Abuja Traders group',
    price: 30,
    units: 120,
  },
  {
    key: 'ig-follow',
    platform: 'instagram',
    variation: 'Follow Account',
    title: 'Follow @afrobeatdaily',
    price: 35,
    units: 250,
  },
  {
    key: 'x-retweet',
    platform: 'twitter',
    variation: 'Retweet Post',
    title: 'Retweet the Naija Startup Week post',
    price: 20,
    units: 400,
  },
  {
    key: 'tt-follow',
    platform: 'tiktok',
    variation: 'Follow Account',
    title: 'Follow @comedyng on TikTok',
    price: 30,
    units: 180,
  },
  {
    key: 'sp-stream',
    platform: 'spotify',
    variation: 'Stream Song',
    title: 'Stream "Lagos Nights" on Spotify',
    price: 60,
    units: 100,
  },
  {
    key: 'am-follow',
    platform: 'audiomack',
    variation: 'Follow Artist',
    title: 'Follow Kemi on Audiomack',
    price: 45,
    units: 90,
  },
  {
    key: 'bp-playlist',
    platform: 'boomplay',
    variation: 'Add to Playlist',
    title: 'Add "Owambe" to a Boomplay playlist',
    price: 55,
    units: 80,
  },
  {
    key: 'ps-install',
    platform: 'playstore',
    variation: 'Install App',
    title: 'Install the PayQuick app',
    price: 500,
    units: 50,
  },
  {
    key: 'as-review',
    platform: 'appstore',
    variation: 'Review App',
    title: 'Review the PayQuick iOS app',
    price: 300,
    units: 40,
  },
  {
    key: 'web-signup',
    platform: 'website',
    variation: 'Sign Up',
    title: 'Sign up on MarketHub.ng',
    price: 150,
    units: 60,
  },
  {
    key: 'act-event',
    platform: 'activity',
    variation: 'Join Event',
    title: 'Check in to the Kobo weekly challenge',
    price: 100,
    units: 500,
  },
  {
    key: 'fb-share-paused',
    platform: 'facebook',
    variation: 'Share Post',
    title: 'Share the Owambe Fest post',
    price: 60,
    units: 100,
  },
  {
    key: 'yt-comment-done',
    platform: 'youtube',
    variation: 'Comment on Video',
    title: 'Comment on the Jollof Wars video',
    price: 50,
    units: 20,
  },
  {
    key: 'web-survey-draft',
    platform: 'website',
    variation: 'Complete Survey',
    title: 'Answer the MarketHub survey',
    price: 200,
    units: 30,
  },
] as const;

export interface SeedDependencies {
  pool: Pool;
  commands: LedgerCommands;
  adminId: string;
  /** Where the demo proof screenshots go, so the verification job has real images to check. */
  images?: ObjectStore;
}

/**
 * A made-up screenshot: a phone-sized image of coloured bands and blocks, different for every
 * name, so perceptual hashes differ the way real screenshots do.
 */
async function demoScreenshot(name: string): Promise<Buffer> {
  const seed = createHash('sha256').update(name).digest();
  const width = 360;
  const height = 640;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const cell = seed[((y >> 6) * 6 + (x >> 6)) % seed.length]!;
      const offset = (y * width + x) * 3;
      pixels[offset] = (cell * 7 + y) & 0xff;
      pixels[offset + 1] = (cell * 13 + x) & 0xff;
      pixels[offset + 2] = cell;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export interface SeedResult {
  users: { email: string; password: string }[];
}

export async function seedDemoData({
  pool,
  commands,
  adminId,
  images,
}: SeedDependencies): Promise<SeedResult> {
  // The seed decides as its admin; what it does for the demo users is by the seed itself.
  const by: Actor = { role: 'admin', id: adminId };
  const meta = (name: string) => ({ commandId: id(`command:${name}`) });
  const seedMeta = (name: string) => ({ actor: SEED, commandId: id(`command:${name}`) });
  const userId = (key: string) => id(`user:${key}`);
  const campaignId = (key: string) => id(`campaign:${key}`);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const user of demoUsers) {
    await pool.query(
      `INSERT INTO credentials (user_id, email, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT (lower(email)) DO NOTHING`,
      [userId(user.key), user.email, passwordHash],
    );
    await commands.registerUser(
      {
        userId: userId(user.key),
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.username,
        email: user.email,
        phone: user.phone,
        role: 'user',
        referralCode: user.username.toUpperCase().slice(0, 6) + '01',
        referredByCode: user.referredBy
          ? demoUsers
              .find((u) => u.key === user.referredBy)!
              .username.toUpperCase()
              .slice(0, 6) + '01'
          : null,
      },
      seedMeta(`register:${user.key}`),
    );
    await commands.updateBankDetails(
      {
        userId: userId(user.key),
        bankCode: '058',
        accountNum: nubanOf('058', `01${user.phone.slice(-7)}`),
        accountName: `${user.firstName} ${user.lastName}`,
      },
      seedMeta(`bank:${user.key}`),
    );
  }

  for (const c of campaigns) {
    await commands.createCampaign(
      {
        campaignId: campaignId(c.key),
        title: c.title,
        platform: c.platform,
        variation: c.variation,
        instructions: `${c.variation}, then upload a clear screenshot that shows it done.`,
        url: `https://example.com/${c.key}`,
        price: naira(c.price),
        units: c.units,
        estimatedMinutes: 5,
        status: c.key.endsWith('draft') ? 'draft' : 'active',
        by,
      },
      meta(`campaign:${c.key}`),
    );
  }

  // Tunde's retweet proof reuses Chioma's screenshot: the verification job flags it for review.
  const screenshotOf = (user: string, campaign: string) =>
    user === 'tunde' && campaign === 'x-retweet' ? 'x-retweet:chioma' : `${campaign}:${user}`;
  const submit = async (user: string, campaign: string) => {
    const proofImage = `proofs/${campaignId(campaign)}/${userId(user)}-demo.png`;
    if (images) {
      const bytes = await demoScreenshot(screenshotOf(user, campaign));
      const image: CheckedImage = {
        bytes,
        type: 'png',
        contentType: 'image/png',
        extension: 'png',
        thumbnail: await makeThumbnail(bytes),
      };
      await storeImage(images, proofImage, image);
    }
    return commands.submitTask(
      { campaignId: campaignId(campaign), userId: userId(user), proofImage },
      seedMeta(`submit:${campaign}:${user}`),
    );
  };
  const submissionOf = (user: string, campaign: string) =>
    submissionIdFor(campaignId(campaign), userId(user));

  // Submissions in every state: approved, rejected, pending (clean and flagged).
  const approved: [string, string][] = [
    ['ada', 'fb-like'],
    ['ada', 'yt-sub'],
    ['ada', 'ps-install'],
    ['tunde', 'ig-follow'],
    ['tunde', 'ps-install'],
    ['chioma', 'web-signup'],
    ['zainab', 'yt-comment-done'],
  ];
  for (const [user, campaign] of approved) {
    await submit(user, campaign);
    await commands.approveSubmission(
      { campaignId: campaignId(campaign), submissionId: submissionOf(user, campaign), by },
      meta(`approve:${campaign}:${user}`),
    );
  }
  await submit('chioma', 'tg-group');
  await commands.rejectSubmission(
    {
      campaignId: campaignId('tg-group'),
      submissionId: submissionOf('chioma', 'tg-group'),
      reason: 'The screenshot does not show the group you joined.',
      by,
    },
    meta('reject:tg-group:chioma'),
  );
  for (const [user, campaign] of [
    ['chioma', 'x-retweet'],
    ['emeka', 'sp-stream'],
    ['zainab', 'wa-channel'],
    ['tunde', 'x-retweet'],
  ] as const)
    await submit(user, campaign);
  for (const user of ['ada', 'tunde', 'zainab'])
    await commands.completeActivity(
      { campaignId: campaignId('act-event'), userId: userId(user) },
      seedMeta(`activity:${user}`),
    );

  // Opening balances so that withdrawals in every state can be shown.
  for (const [user, balance, amount] of [
    ['ada', 'account', 30_000],
    ['tunde', 'account', 20_000],
    ['chioma', 'account', 12_000],
    ['zainab', 'activity', 45_000],
  ] as const)
    await commands.adjustBalance(
      {
        userId: userId(user),
        adjustmentId: id(`adjust:${user}`),
        balance,
        amount: naira(amount),
        reason: 'Demo opening balance',
        // Posted by the seed, not its admin, who approves these users' withdrawals below (the
        // staff member who changed a balance may not).
        by: SEED,
      },
      meta(`adjust:${user}`),
    );

  const withdraw = (
    user: string,
    key: string,
    amount: number,
    type: 'withdrawal' | 'activityWithdrawal' = 'withdrawal',
  ) =>
    commands.requestWithdrawal(
      { userId: userId(user), withdrawalId: id(`withdrawal:${key}`), type, amount: kobo(naira(amount)) },
      seedMeta(`withdraw:${key}`),
    );
  const w = (key: string) => id(`withdrawal:${key}`);
  await withdraw('ada', 'ada-paid', 10_000);
  // Approved before the undo window (WITHDRAWAL_UNDO_SECONDS, at most 300 s) of now, so the
  // payout can be recorded at once.
  await commands.approveWithdrawal(
    {
      userId: userId('ada'),
      withdrawalId: w('ada-paid'),
      by,
      now: new Date(Date.now() - 301_000).toISOString(),
    },
    meta('approve:ada-paid'),
  );
  await commands.recordPayoutSucceeded(
    { userId: userId('ada'), withdrawalId: w('ada-paid'), provider: 'manual', reference: 'GTB-DEMO-000184' },
    seedMeta('paid:ada-paid'),
  );
  await withdraw('ada', 'ada-pending', 5_000);
  await withdraw('tunde', 'tunde-rejected', 8_000);
  await commands.rejectWithdrawal(
    {
      userId: userId('tunde'),
      withdrawalId: w('tunde-rejected'),
      reason: 'The account name does not match the profile.',
      by,
    },
    meta('reject:tunde-rejected'),
  );
  await withdraw('tunde', 'tunde-approved', 6_000);
  await commands.approveWithdrawal(
    { userId: userId('tunde'), withdrawalId: w('tunde-approved'), by },
    meta('approve:tunde-approved'),
  );
  await withdraw('chioma', 'chioma-failed', 4_000);
  await commands.approveWithdrawal(
    { userId: userId('chioma'), withdrawalId: w('chioma-failed'), by },
    meta('approve:chioma-failed'),
  );
  await commands.recordPayoutFailed(
    {
      userId: userId('chioma'),
      withdrawalId: w('chioma-failed'),
      provider: 'manual',
      reason: 'The bank returned the transfer: account dormant.',
    },
    seedMeta('failed:chioma-failed'),
  );
  await withdraw('zainab', 'zainab-activity', 40_000, 'activityWithdrawal');

  // Campaigns in the other states.
  await commands.pauseCampaign(
    { campaignId: campaignId('fb-share-paused'), by },
    meta('pause:fb-share-paused'),
  );
  await commands.completeCampaign(
    { campaignId: campaignId('yt-comment-done'), by },
    meta('complete:yt-comment-done'),
  );
  await commands.setUserStatus({ userId: userId('emeka'), status: 'suspended', by }, meta('suspend:emeka'));
  await commands.updateCommunityLinks(
    {
      changes: {
        email: 'support@kobo.ng',
        whatsappChannel: 'https://whatsapp.com/channel/kobo',
        telegramChannel: 'https://t.me/kobo_ng',
        facebookPage: 'https://facebook.com/kobo.ng',
        instagramAccount: 'https://instagram.com/kobo.ng',
        twitterAccount: 'https://x.com/kobo_ng',
        youtubeChannel: 'https://youtube.com/@kobo_ng',
      },
      by,
    },
    meta('community'),
  );

  return { users: demoUsers.map((u) => ({ email: u.email, password: DEMO_PASSWORD })) };
}
