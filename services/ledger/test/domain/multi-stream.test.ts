import { campaignDecider } from '../../src/domain/campaign/decider';
import { fold } from '../../src/domain/decider';
import { decideDeletion } from '../../src/domain/multi-stream/deletion';
import { decideProfileUpdate } from '../../src/domain/multi-stream/profile-update';
import { decideRegistration, type Registration } from '../../src/domain/multi-stream/registration';
import { decideSubmissionApproval } from '../../src/domain/multi-stream/submission-approval';
import {
  decideActivityCompletion,
  decideTaskSubmission,
} from '../../src/domain/multi-stream/task-participation';
import type { CampaignEvent, UniqueValueEvent, UserEvent } from '../../src/domain/events';
import { uniqueValueDecider } from '../../src/domain/unique/decider';
import { userDecider } from '../../src/domain/user/decider';
import { Accounts, transfer } from '../../src/money';
import { decisionSpec } from './support/spec';
import {
  activityDone,
  approved,
  campaignCreated,
  details,
  naira,
  registered,
  rewarded,
  rules,
  submitted,
} from './support/fixtures';

const user = (events: UserEvent[]) => fold(userDecider, events);
const campaign = (events: CampaignEvent[]) => fold(campaignDecider, events);
const claim = (events: UniqueValueEvent[]) => fold(uniqueValueDecider, events);
const claimed = (
  kind: 'username' | 'email' | 'referralCode',
  value: string,
  userId: string,
): UniqueValueEvent => ({
  type: 'UniqueValueClaimed',
  data: { kind, value, userId },
});

describe('registration across streams', () => {
  const registration = (overrides: Partial<Registration> = {}): Registration => ({
    userId: 'u1',
    firstName: 'Ada',
    lastName: 'Obi',
    username: 'Ada_Obi',
    email: 'ada@example.ng',
    phone: '08030000000',
    role: 'user',
    referralCode: 'ADA123',
    referredByCode: 'REF0',
    rules,
    ...overrides,
  });
  const free = {
    user: user([]),
    username: claim([]),
    email: claim([]),
    referralCode: claim([]),
    referrerCode: claim([claimed('referralCode', 'ref0', 'r0')]),
  };

  it('registers the user, resolves the referrer from the code, and claims username, email and referral code', () => {
    const produced = decisionSpec(() => decideRegistration(registration(), free)).then([
      { streamId: 'user-u1', events: [expect.objectContaining({ type: 'UserRegistered' })] },
      { streamId: 'unique-username-ada_obi', events: [claimed('username', 'ada_obi', 'u1')] },
      { streamId: 'unique-email-ada@example.ng', events: [claimed('email', 'ada@example.ng', 'u1')] },
      { streamId: 'unique-referralCode-ada123', events: [claimed('referralCode', 'ada123', 'u1')] },
    ]);
    expect(produced[0]!.events[0]).toMatchObject({ data: { referredBy: 'r0', referralCode: 'ADA123' } });
  });

  it('refuses a taken username or email with the messages the sign-up form shows', () => {
    decisionSpec(() =>
      decideRegistration(registration(), {
        ...free,
        username: claim([claimed('username', 'ada_obi', 'u9')]),
      }),
    ).thenThrows({
      code: 'conflict',
      message: 'Username is already taken',
      field: 'username',
    });
    decisionSpec(() =>
      decideRegistration(registration(), {
        ...free,
        email: claim([claimed('email', 'ada@example.ng', 'u9')]),
      }),
    ).thenThrows({
      code: 'conflict',
      message: 'Email is already registered',
      field: 'email',
    });
  });

  it('a released value can be claimed again', () => {
    const released: UniqueValueEvent = {
      type: 'UniqueValueReleased',
      data: { kind: 'email', value: 'ada@example.ng', userId: 'u9' },
    };
    decisionSpec(() =>
      decideRegistration(registration(), {
        ...free,
        email: claim([claimed('email', 'ada@example.ng', 'u9'), released]),
      }),
    ).then([expect.anything(), expect.anything(), expect.anything(), expect.anything()]);
  });

  it('refuses an unknown referral code; no code means no referrer', () => {
    decisionSpec(() => decideRegistration(registration(), { ...free, referrerCode: claim([]) })).thenThrows({
      code: 'validation',
      field: 'referredBy',
    });
    const produced = decideRegistration(registration({ referredByCode: null }), {
      ...free,
      referrerCode: null,
    });
    expect(produced[0]!.events[0]).toMatchObject({ data: { referredBy: null } });
  });

  it('the same registration again is a no-op', () => {
    const done = decideRegistration(registration(), free);
    const after = {
      user: user(done[0]!.events as UserEvent[]),
      username: claim(done[1]!.events as UniqueValueEvent[]),
      email: claim(done[2]!.events as UniqueValueEvent[]),
      referralCode: claim(done[3]!.events as UniqueValueEvent[]),
      referrerCode: free.referrerCode,
    };
    decisionSpec(() => decideRegistration(registration(), after)).thenNothing();
  });
});

describe('changing the email moves the claim', () => {
  it('claims the new email and releases the old one', () => {
    const u = user([registered('u1')]);
    decisionSpec(() =>
      decideProfileUpdate(
        { type: 'UpdateProfile', data: { userId: 'u1', email: 'New@Example.ng' } },
        { user: u, emailClaims: { next: claim([]), previous: claim([claimed('email', u.email, 'u1')]) } },
      ),
    ).then([
      {
        streamId: 'user-u1',
        events: [{ type: 'UserProfileUpdated', data: { userId: 'u1', email: 'new@example.ng' } }],
      },
      { streamId: 'unique-email-new@example.ng', events: [claimed('email', 'new@example.ng', 'u1')] },
      {
        streamId: `unique-email-${u.email}`,
        events: [{ type: 'UniqueValueReleased', data: { kind: 'email', value: u.email, userId: 'u1' } }],
      },
    ]);
  });

  it('refuses an email someone else holds', () => {
    decisionSpec(() =>
      decideProfileUpdate(
        { type: 'UpdateProfile', data: { userId: 'u1', email: 'taken@example.ng' } },
        {
          user: user([registered('u1')]),
          emailClaims: { next: claim([claimed('email', 'taken@example.ng', 'u2')]), previous: claim([]) },
        },
      ),
    ).thenThrows({ code: 'conflict', message: 'Email is already registered' });
  });
});

describe('deleting an account across streams', () => {
  const del = {
    type: 'DeleteUser' as const,
    data: { userId: 'u1', by: { role: 'user', id: 'u1' } as const },
  };

  it('records the deletion and releases the username and email claims in the same append', () => {
    const u = user([registered('u1')]);
    decisionSpec(() =>
      decideDeletion(del, {
        user: u,
        claims: {
          username: claim([claimed('username', u.username, 'u1')]),
          email: claim([claimed('email', u.email, 'u1')]),
        },
      }),
    ).then([
      { streamId: 'user-u1', events: [{ type: 'UserDeleted', data: { ...del.data, withdrawalIds: [] } }] },
      {
        streamId: `unique-username-${u.username.toLowerCase()}`,
        events: [
          {
            type: 'UniqueValueReleased',
            data: { kind: 'username', value: u.username.toLowerCase(), userId: 'u1' },
          },
        ],
      },
      {
        streamId: `unique-email-${u.email}`,
        events: [{ type: 'UniqueValueReleased', data: { kind: 'email', value: u.email, userId: 'u1' } }],
      },
    ]);
  });

  it('releases nothing another user holds, and nothing twice', () => {
    const u = user([registered('u1')]);
    decisionSpec(() =>
      decideDeletion(del, {
        user: u,
        claims: { username: claim([claimed('username', u.username, 'u2')]), email: claim([]) },
      }),
    ).then([
      { streamId: 'user-u1', events: [{ type: 'UserDeleted', data: { ...del.data, withdrawalIds: [] } }] },
    ]);
  });
});

describe('approving a submission across streams', () => {
  const pending = campaign([campaignCreated('c1'), submitted('c1', 's1', 'u1')]);
  const approve = {
    type: 'ApproveSubmission' as const,
    data: { campaignId: 'c1', submissionId: 's1', by: { role: 'admin', id: '1' } as const },
  };
  const reward = {
    type: 'RewardCredited' as const,
    data: {
      userId: 'u1',
      campaignId: 'c1',
      submissionId: 's1',
      balance: 'account' as const,
      amount: naira(50),
      title: 'Follow us on Instagram',
      postings: transfer(Accounts.campaignEscrow('c1'), Accounts.userAccount('u1'), naira(50)),
    },
  };

  it('moves the reward from escrow to the account balance', () => {
    decisionSpec(() =>
      decideSubmissionApproval(
        approve,
        { campaign: pending, user: user([registered('u1')]), referrer: null },
        rules,
      ),
    ).then([
      { streamId: 'campaign-c1', events: [approved('c1', 's1', 'u1')] },
      { streamId: 'user-u1', events: [reward] },
    ]);
  });

  it("on a referred user's first approved task, credits the referrer's account from bonus expense", () => {
    decisionSpec(() =>
      decideSubmissionApproval(
        approve,
        {
          campaign: pending,
          user: user([registered('u1', { referredBy: 'r1' })]),
          referrer: user([registered('r1')]),
        },
        rules,
      ),
    ).then([
      { streamId: 'campaign-c1', events: [approved('c1', 's1', 'u1')] },
      { streamId: 'user-u1', events: [reward] },
      {
        streamId: 'user-r1',
        events: [
          {
            type: 'ReferralBonusCredited',
            data: {
              userId: 'r1',
              referredUserId: 'u1',
              amount: naira(200),
              postings: transfer(Accounts.bonusExpense, Accounts.userAccount('r1'), naira(200)),
            },
          },
        ],
      },
    ]);
  });

  it('pays no bonus on later approvals', () => {
    const veteran = user([registered('u1', { referredBy: 'r1' }), rewarded('u1', 'c0', 's0', naira(50))]);
    decisionSpec(() =>
      decideSubmissionApproval(
        approve,
        { campaign: pending, user: veteran, referrer: user([registered('r1')]) },
        rules,
      ),
    ).then([
      { streamId: 'campaign-c1', events: [approved('c1', 's1', 'u1')] },
      { streamId: 'user-u1', events: [reward] },
    ]);
  });

  it('activity rewards do not count as the first approved task', () => {
    const activityOnly = user([
      registered('u1', { referredBy: 'r1' }),
      {
        type: 'RewardCredited',
        data: {
          ...reward.data,
          submissionId: 'a1',
          balance: 'activity',
          postings: transfer(Accounts.campaignEscrow('c0'), Accounts.userActivity('u1'), naira(50)),
        },
      },
    ]);
    const produced = decideSubmissionApproval(
      approve,
      { campaign: pending, user: activityOnly, referrer: user([registered('r1')]) },
      rules,
    );
    expect(produced.map((s) => s.streamId)).toEqual(['campaign-c1', 'user-u1', 'user-r1']);
  });

  it('a deleted referrer gets no bonus', () => {
    const gone = user([
      registered('r1'),
      { type: 'UserDeleted', data: { userId: 'r1', by: { role: 'user', id: 'r1' } as const } },
    ]);
    const produced = decideSubmissionApproval(
      approve,
      { campaign: pending, user: user([registered('u1', { referredBy: 'r1' })]), referrer: gone },
      rules,
    );
    expect(produced.map((s) => s.streamId)).toEqual(['campaign-c1', 'user-u1']);
  });

  it('approving again is a no-op on every stream', () => {
    const done = campaign([campaignCreated('c1'), submitted('c1', 's1', 'u1'), approved('c1', 's1', 'u1')]);
    decisionSpec(() =>
      decideSubmissionApproval(
        approve,
        { campaign: done, user: user([registered('u1')]), referrer: null },
        rules,
      ),
    ).thenNothing();
  });

  it("a deleted user's submission cannot be approved (it can still be rejected)", () => {
    const gone = user([
      registered('u1'),
      { type: 'UserDeleted', data: { userId: 'u1', by: { role: 'user', id: 'u1' } as const } },
    ]);
    decisionSpec(() =>
      decideSubmissionApproval(approve, { campaign: pending, user: gone, referrer: null }, rules),
    ).thenThrows('not_found');
  });
});

describe('taking part in tasks', () => {
  const activity = campaign([
    campaignCreated(
      'c1',
      details({ platform: 'activity', price: naira(20), units: 5, title: 'Join the event' }),
    ),
  ]);
  const complete = {
    type: 'CompleteActivity' as const,
    data: { campaignId: 'c1', submissionId: 's1', userId: 'u1' },
  };
  const suspended: UserEvent = {
    type: 'UserStatusSet',
    data: { userId: 'u1', status: 'suspended', by: { role: 'admin', id: '1' } as const },
  };

  it('an activity completion credits the activity balance at once', () => {
    decisionSpec(() =>
      decideActivityCompletion(complete, { campaign: activity, user: user([registered('u1')]) }),
    ).then([
      { streamId: 'campaign-c1', events: [activityDone('c1', 's1', 'u1', naira(20))] },
      {
        streamId: 'user-u1',
        events: [
          {
            type: 'RewardCredited',
            data: {
              userId: 'u1',
              campaignId: 'c1',
              submissionId: 's1',
              balance: 'activity',
              amount: naira(20),
              title: 'Join the event',
              postings: transfer(Accounts.campaignEscrow('c1'), Accounts.userActivity('u1'), naira(20)),
            },
          },
        ],
      },
    ]);
  });

  it('suspended users may not submit or complete tasks', () => {
    decisionSpec(() =>
      decideActivityCompletion(complete, { campaign: activity, user: user([registered('u1'), suspended]) }),
    ).thenThrows('forbidden');
    decisionSpec(() =>
      decideTaskSubmission(
        {
          type: 'SubmitTask',
          data: { campaignId: 'c1', submissionId: 's1', userId: 'u1', proofImage: 'p.png' },
        },
        { campaign: campaign([campaignCreated('c1')]), user: user([registered('u1'), suspended]) },
      ),
    ).thenThrows('forbidden');
  });

  it('staff accounts do not take tasks', () => {
    decisionSpec(() =>
      decideActivityCompletion(complete, {
        campaign: activity,
        user: user([registered('u1', { role: 'admin' })]),
      }),
    ).thenThrows('forbidden');
  });

  it('a submission touches only the campaign stream', () => {
    decisionSpec(() =>
      decideTaskSubmission(
        {
          type: 'SubmitTask',
          data: { campaignId: 'c1', submissionId: 's1', userId: 'u1', proofImage: 'p.png' },
        },
        { campaign: campaign([campaignCreated('c1')]), user: user([registered('u1')]) },
      ),
    ).then([
      {
        streamId: 'campaign-c1',
        events: [
          {
            type: 'TaskSubmitted',
            data: {
              campaignId: 'c1',
              submissionId: 's1',
              userId: 'u1',
              proofImage: 'p.png',
              reward: naira(50),
            },
          },
        ],
      },
    ]);
  });
});
