/** Terms of Service (/terms): 11 sections, figures as docs/product/settled-contradictions.md settles them. */
import { Link } from 'react-router-dom';
import {
  EMAIL_RESPONSE_TIME,
  MINIMUM_AGE,
  SUBMISSION_REVIEW_TIME,
  UPTIME_TARGET,
  WITHDRAWAL_PROCESSING,
} from '../../shared/constants';
import { FigureText, nairaFigure, useSiteFigures } from './figures';
import { LegalPage, type LegalSection } from './LegalPage';

export function TermsPage() {
  const state = useSiteFigures();

  const sections: LegalSection[] = [
    {
      id: 'acceptance',
      title: 'Acceptance of These Terms',
      body: (
        <p>
          By creating a Kobo account or using the Kobo website, you agree to these Terms of Service and to our{' '}
          <Link to="/privacy">Privacy Policy</Link>. If you do not agree, please do not use Kobo.
        </p>
      ),
    },
    {
      id: 'eligibility',
      title: 'Eligibility',
      body: (
        <>
          <p>To use Kobo you must:</p>
          <ul>
            <li>be at least {MINIMUM_AGE} years old;</li>
            <li>live in Nigeria;</li>
            <li>hold a Nigerian bank account in your own name to receive withdrawals.</li>
          </ul>
          <p>
            Each person may hold one Kobo account only. Registration is free: Kobo never charges a
            registration fee.
          </p>
        </>
      ),
    },
    {
      id: 'account',
      title: 'Your Account',
      body: (
        <>
          <p>
            You must give accurate details when you sign up and keep them up to date. Your username cannot be
            changed after your account is created.
          </p>
          <p>
            You are responsible for keeping your password secret and for everything done with your account.
            Tell us at once through the <Link to="/contact">contact page</Link> if you think someone else has
            used it.
          </p>
        </>
      ),
    },
    {
      id: 'tasks',
      title: 'Tasks and Proof',
      body: (
        <>
          <p>
            Tasks are published on behalf of advertisers. Each task shows its reward and instructions before
            you start. To earn the reward you must complete the task yourself, exactly as instructed, and
            upload a genuine screenshot as proof.
          </p>
          <ul>
            <li>You may submit each task once.</li>
            <li>Submissions are usually reviewed within {SUBMISSION_REVIEW_TIME}.</li>
            <li>A submission that does not meet the instructions is not approved, and you are told why.</li>
            <li>Activity tasks need no proof and are credited when completed.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'earnings',
      title: 'Earnings, Bonuses and Referrals',
      body: (
        <>
          <p>
            Approved task rewards and referral bonuses are credited to your account balance. Activity rewards
            and the signup bonus are credited to your activity balance. Every credit and debit is recorded in
            your account history.
          </p>
          <p>
            <FigureText
              state={state}
              withFigure={(f) => (
                <>
                  New accounts receive a signup bonus of {nairaFigure(f.signupBonus)}. When a person you
                  invited has their first task approved, you receive a referral bonus of{' '}
                  {nairaFigure(f.referralBonus)}.
                </>
              )}
              without={
                <>
                  New accounts receive a signup bonus. When a person you invited has their first task
                  approved, you receive a referral bonus.
                </>
              }
            />{' '}
            Referring yourself or accounts you control is not allowed, and bonuses earned that way are
            removed.
          </p>
        </>
      ),
    },
    {
      id: 'withdrawals',
      title: 'Withdrawals',
      body: (
        <>
          <p>
            <FigureText
              state={state}
              withFigure={(f) => (
                <>
                  The minimum withdrawal is {nairaFigure(f.minWithdrawalAccount)} from your account balance
                  and {nairaFigure(f.minWithdrawalActivity)} from your activity balance.{' '}
                  {f.withdrawalFee === 0
                    ? 'Kobo charges no withdrawal fee.'
                    : `A fee of ${nairaFigure(f.withdrawalFee)} is deducted from each withdrawal.`}
                </>
              )}
              without="Each balance has its own minimum withdrawal amount, and any withdrawal fee is shown on the Withdraw page before you confirm."
            />
          </p>
          <ul>
            <li>
              Withdrawals are paid to the bank account saved in your settings, which must be in your own name.
            </li>
            <li>Requests are processed within {WITHDRAWAL_PROCESSING}.</li>
            <li>The amount is held from your balance as soon as you ask, so it cannot be spent twice.</li>
            <li>
              If a withdrawal is rejected or the bank transfer fails, the full amount returns to your balance.
            </li>
            <li>
              For your protection, withdrawals pause for a short time after you change your bank details.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'conduct',
      title: 'Prohibited Conduct',
      body: (
        <>
          <p>You must not:</p>
          <ul>
            <li>open more than one account, or use another person's account or bank details;</li>
            <li>submit edited, borrowed or fake screenshots;</li>
            <li>use bots, scripts, fake social-media profiles or any automated means to complete tasks;</li>
            <li>undo a task (for example unlike or unfollow) after it has been approved;</li>
            <li>attack, overload or try to get around the security of the service.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'suspension',
      title: 'Suspension and Closure',
      body: (
        <>
          <p>
            We may suspend or close an account that breaks these terms. Rewards obtained by breaking them may
            be reversed. Where we can, we tell you why and give you a chance to respond.
          </p>
          <p>
            You may delete your account at any time in Settings. Please withdraw your balance first: deletion
            cannot be undone.
          </p>
        </>
      ),
    },
    {
      id: 'availability',
      title: 'Service Availability',
      body: (
        <p>
          We aim to keep Kobo available {UPTIME_TARGET} of the time, but we cannot promise it will never be
          interrupted. Planned maintenance is announced in advance where possible. Task availability depends
          on advertisers and changes from day to day.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of Liability',
      body: (
        <p>
          Kobo is provided as is. To the extent the law allows, we are not liable for indirect losses, for the
          actions of third-party platforms on which tasks are performed, or for delays caused by banks.
          Nothing in these terms limits rights you have under Nigerian consumer protection law.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes and Contact',
      body: (
        <p>
          We may update these terms. When we make important changes we tell you on the site or by email before
          they take effect, and the date at the top of this page changes. Questions about these terms are
          welcome through the <Link to="/contact">contact page</Link>; we reply {EMAIL_RESPONSE_TIME}.
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <>
          These terms explain how Kobo works and what we expect from each other: who can join, how tasks are
          paid, and how withdrawals reach your bank account.
        </>
      }
      sections={sections}
    />
  );
}
