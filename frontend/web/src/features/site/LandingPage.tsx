/**
 * The landing page (/): sign-up call to action, figures, task pay, how it works, the two balances,
 * referrals, a few questions and support. Configured figures come from GET /api/site; nothing here
 * guesses them. Kept light: plain elements and Blueprint's CSS classes, no overlays.
 */
import { Classes } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { Glyph } from '../../shared/ui/Glyph';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  EMAIL_RESPONSE_TIME,
  MINIMUM_AGE,
  SUPPORT_HOURS_SUMMARY,
  SUBMISSION_REVIEW_TIME,
  WITHDRAWAL_PROCESSING,
} from '../../shared/constants';
import { FaqAccordion } from './components';
import { ESSENTIAL_QUESTIONS } from './faq-essentials';
import { FigureSkeleton, FigureText, nairaFigure, useSiteFigures, type FiguresState } from './figures';
import { usePageTitle } from './usePageTitle';
import './site.css';

const primaryButton = `${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${Classes.LARGE} kobo-site-link-button`;
const secondaryButton = `${Classes.BUTTON} ${Classes.OUTLINED} ${Classes.LARGE} kobo-site-link-button`;

const CAMPAIGN_PAY: { icon: IconName; title: string; range: string; unit: string; text: string }[] = [
  { icon: 'thumbs-up', title: 'Likes', range: '₦10-₦25', unit: 'per like', text: 'Like a post or a page.' },
  {
    icon: 'comment',
    title: 'Comments',
    range: '₦25-₦50',
    unit: 'per comment',
    text: 'Leave a genuine comment on a post.',
  },
  {
    icon: 'share',
    title: 'Shares',
    range: '₦50-₦100',
    unit: 'per share',
    text: 'Share a post with your followers.',
  },
  {
    icon: 'video',
    title: 'Videos',
    range: '₦20-₦30',
    unit: 'per minute',
    text: 'Watch a video for the time asked.',
  },
];

export function LandingPage() {
  usePageTitle(null);
  const state = useSiteFigures();

  return (
    <>
      <Hero state={state} />
      <Figures state={state} />
      <CampaignPay />
      <HowItWorks state={state} />
      <Balances state={state} />
      <Referral state={state} />
      <QuestionsPreview state={state} />
      <Support />
      <ClosingCall />
    </>
  );
}

function Hero({ state }: { state: FiguresState }) {
  return (
    <section className="kobo-site-hero" aria-labelledby="kobo-site-hero-title">
      <div className="kobo-site-container kobo-site-hero-grid">
        <div>
          <p className="kobo-site-eyebrow">Earn naira, paid to your bank</p>
          <h1 id="kobo-site-hero-title">
            Get paid for the <em>social media tasks</em> you already do
          </h1>
          <p className="kobo-site-hero-lead">
            Like, comment, share, follow and watch. Kobo pays ₦10 to ₦500 per task and sends your earnings to
            your Nigerian bank account within{' '}
            <span className="kobo-site-nowrap">{WITHDRAWAL_PROCESSING}</span>.
          </p>
          <div className="kobo-site-hero-actions">
            <Link to="/signup" className={primaryButton}>
              <span className={Classes.BUTTON_TEXT}>Create your free account</span>
            </Link>
            <a href="#how-it-works" className={secondaryButton}>
              <span className={Classes.BUTTON_TEXT}>See how it works</span>
            </a>
          </div>
          <ul className="kobo-site-trust" aria-label="Good to know">
            <li>
              <Glyph icon="tick-circle" size={14} />
              No registration fee
            </li>
            <li>
              <Glyph icon="tick-circle" size={14} />
              <FigureText
                state={state}
                withFigure={(f) => <>{nairaFigure(f.signupBonus)} signup bonus</>}
                without="Signup bonus included"
              />
            </li>
            <li>
              <Glyph icon="tick-circle" size={14} />
              Open to Nigerians {MINIMUM_AGE}+
            </li>
          </ul>
        </div>
        <WalletPreview />
      </div>
    </section>
  );
}

/** An illustration of the dashboard, clearly marked as an example. */
function WalletPreview() {
  const rows: { icon: IconName; task: string; platform: string; pay: string }[] = [
    { icon: 'thumbs-up', task: 'Like a post', platform: 'Facebook', pay: '+₦20' },
    { icon: 'comment', task: 'Comment on a reel', platform: 'Instagram', pay: '+₦40' },
    { icon: 'video', task: 'Watch a 3-minute video', platform: 'YouTube', pay: '+₦75' },
  ];
  return (
    <figure className="kobo-site-preview" aria-hidden="true" style={{ margin: '0 0 0 auto' }}>
      <span className="kobo-site-preview-tag">Example</span>
      <div className="kobo-site-preview-card">
        <div className="kobo-site-preview-balance">
          <p>Account balance</p>
          <strong>₦3,250.00</strong>
        </div>
        <ul className="kobo-site-preview-list">
          {rows.map((row) => (
            <li key={row.task}>
              <span className="kobo-site-preview-icon">
                <Glyph icon={row.icon} size={16} />
              </span>
              <span>
                {row.task}
                <small>{row.platform} · Approved</small>
              </span>
              <b>{row.pay}</b>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}

function Stat({ label, children, note }: { label: string; children: ReactNode; note: ReactNode }) {
  return (
    <div className="kobo-site-stat">
      <dt>{label}</dt>
      <dd>
        {children}
        <small>{note}</small>
      </dd>
    </div>
  );
}

function Figures({ state }: { state: FiguresState }) {
  return (
    <div className="kobo-site-container">
      <dl className="kobo-site-stats" aria-label="Kobo at a glance">
        <Stat label="Pay per task" note="shown before you start">
          ₦10-₦500
        </Stat>
        <Stat label="Signup bonus" note="in your activity balance">
          {state.status === 'ready' ? (
            nairaFigure(state.figures.signupBonus)
          ) : state.status === 'loading' ? (
            <FigureSkeleton width="3.5em" />
          ) : (
            'Included'
          )}
        </Stat>
        <Stat label="Task verification" note="for most submissions">
          {SUBMISSION_REVIEW_TIME}
        </Stat>
        <Stat label="Withdrawals" note="to any major Nigerian bank">
          {WITHDRAWAL_PROCESSING}
        </Stat>
      </dl>
    </div>
  );
}

function SectionHead({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="kobo-site-section-head">
      <p className="kobo-site-eyebrow">{eyebrow}</p>
      <h2 id={id}>{title}</h2>
      {children ? <p>{children}</p> : null}
    </div>
  );
}

function CampaignPay() {
  return (
    <section className="kobo-site-section" aria-labelledby="kobo-site-pay-title">
      <div className="kobo-site-container">
        <SectionHead id="kobo-site-pay-title" eyebrow="What you can earn" title="Clear pay for every task">
          Every task shows its reward up front. Here is what the most common tasks pay.
        </SectionHead>
        <ul className="kobo-site-cards">
          {CAMPAIGN_PAY.map((campaign) => (
            <li key={campaign.title} className="kobo-site-card">
              <span className="kobo-site-card-icon">
                <Glyph icon={campaign.icon} size={20} />
              </span>
              <h3>{campaign.title}</h3>
              <p>{campaign.text}</p>
              <p className="kobo-site-pay-range">
                {campaign.range}
                <small>{campaign.unit}</small>
              </p>
            </li>
          ))}
        </ul>
        <p className="kobo-site-note">
          Follows, group joins, app installs, website visits and activities pay up to ₦500 per task.
        </p>
      </div>
    </section>
  );
}

function HowItWorks({ state }: { state: FiguresState }) {
  return (
    <section
      id="how-it-works"
      className="kobo-site-section kobo-site-section-alt"
      aria-labelledby="kobo-site-how-title"
      style={{ scrollMarginTop: 'var(--kobo-header-height)' }}
    >
      <div className="kobo-site-container">
        <SectionHead
          id="kobo-site-how-title"
          eyebrow="How it works"
          title="From sign-up to payout in four steps"
        />
        <ol className="kobo-site-steps">
          <li className="kobo-site-step">
            <h3>Create your free account</h3>
            <p>
              Sign up with your name, email and phone number.{' '}
              <FigureText
                state={state}
                withFigure={(f) => (
                  <>Your {nairaFigure(f.signupBonus)} signup bonus lands in your activity balance.</>
                )}
                without="A signup bonus lands in your activity balance."
              />
            </p>
          </li>
          <li className="kobo-site-step">
            <h3>Pick a task</h3>
            <p>Browse Available Tasks and choose one. The reward and instructions are shown up front.</p>
          </li>
          <li className="kobo-site-step">
            <h3>Send your proof</h3>
            <p>
              Do the task, then upload a clear screenshot. We verify submissions within{' '}
              <span className="kobo-site-nowrap">{SUBMISSION_REVIEW_TIME}</span>.
            </p>
          </li>
          <li className="kobo-site-step">
            <h3>Withdraw to your bank</h3>
            <p>
              Request a withdrawal and receive it in your Nigerian bank account within{' '}
              <span className="kobo-site-nowrap">{WITHDRAWAL_PROCESSING}</span>.
            </p>
          </li>
        </ol>
      </div>
    </section>
  );
}

function FigureValue({
  state,
  pick,
}: {
  state: FiguresState;
  pick: (f: NonNullable<FiguresState['figures']>) => string;
}) {
  if (state.status === 'ready') return <>{pick(state.figures)}</>;
  if (state.status === 'loading') return <FigureSkeleton />;
  return <>Shown when you withdraw</>;
}

function Balances({ state }: { state: FiguresState }) {
  return (
    <section className="kobo-site-section" aria-labelledby="kobo-site-balances-title">
      <div className="kobo-site-container">
        <SectionHead
          id="kobo-site-balances-title"
          eyebrow="Your money"
          title="Two balances, always up to date"
        >
          Every naira you earn is recorded in an auditable ledger, and you can follow each one in your account
          history.
        </SectionHead>
        <div className="kobo-site-balances">
          <article className="kobo-site-balance">
            <h3>Account balance</h3>
            <p>Rewards for approved tasks and your referral bonuses.</p>
            <dl>
              <dt>Minimum withdrawal</dt>
              <dd>
                <FigureValue state={state} pick={(f) => nairaFigure(f.minWithdrawalAccount)} />
              </dd>
              <dt>Withdrawal fee</dt>
              <dd>
                <FigureValue
                  state={state}
                  pick={(f) => (f.withdrawalFee === 0 ? 'None' : nairaFigure(f.withdrawalFee))}
                />
              </dd>
              <dt>Processing</dt>
              <dd>{WITHDRAWAL_PROCESSING}</dd>
            </dl>
          </article>
          <article className="kobo-site-balance">
            <h3>Activity balance</h3>
            <p>Rewards for activity tasks, credited at once, and your signup bonus.</p>
            <dl>
              <dt>Minimum withdrawal</dt>
              <dd>
                <FigureValue state={state} pick={(f) => nairaFigure(f.minWithdrawalActivity)} />
              </dd>
              <dt>Withdrawal fee</dt>
              <dd>
                <FigureValue
                  state={state}
                  pick={(f) => (f.withdrawalFee === 0 ? 'None' : nairaFigure(f.withdrawalFee))}
                />
              </dd>
              <dt>Processing</dt>
              <dd>{WITHDRAWAL_PROCESSING}</dd>
            </dl>
          </article>
        </div>
      </div>
    </section>
  );
}

function Referral({ state }: { state: FiguresState }) {
  return (
    <section className="kobo-site-container" aria-labelledby="kobo-site-referral-title">
      <div className="kobo-site-band">
        <div>
          <h2 id="kobo-site-referral-title">
            <FigureText
              state={state}
              withFigure={(f) => <>Invite friends, earn {nairaFigure(f.referralBonus)} each</>}
              without="Invite friends and earn a bonus for each"
            />
          </h2>
          <p>
            Share your invitation link. Your referral bonus is paid to your account balance as soon as your
            friend's first task is approved.
          </p>
        </div>
        <Link to="/signup" className="kobo-site-band-button">
          Get your invitation link
          <Glyph icon="arrow-right" />
        </Link>
      </div>
    </section>
  );
}

function QuestionsPreview({ state }: { state: FiguresState }) {
  return (
    <section className="kobo-site-section" aria-labelledby="kobo-site-faq-title">
      <div className="kobo-site-container">
        <SectionHead id="kobo-site-faq-title" eyebrow="FAQ" title="Questions people ask first" />
        <div className="kobo-site-faq-preview">
          <FaqAccordion items={ESSENTIAL_QUESTIONS} figures={state.figures} />
          <p className="kobo-site-more">
            <Link to="/faq" className={secondaryButton}>
              <span className={Classes.BUTTON_TEXT}>See all questions</span>
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}

function Support() {
  const cards: { icon: IconName; title: string; text: string; link?: { to: string; label: string } }[] = [
    {
      icon: 'help',
      title: 'Help centre',
      text: 'Answers about tasks, balances, withdrawals and your account.',
      link: { to: '/faq', label: 'Search the FAQ' },
    },
    {
      icon: 'envelope',
      title: 'Email support',
      text: `Send us a message and we will reply ${EMAIL_RESPONSE_TIME}.`,
      link: { to: '/contact', label: 'Contact us' },
    },
    {
      icon: 'time',
      title: 'Support hours',
      text: `${SUPPORT_HOURS_SUMMARY}.`,
    },
    {
      icon: 'shield',
      title: 'Safe by design',
      text: 'We never ask for your password or any payment to join or withdraw.',
      link: { to: '/privacy', label: 'Read our privacy policy' },
    },
  ];
  return (
    <section className="kobo-site-section kobo-site-section-alt" aria-labelledby="kobo-site-support-title">
      <div className="kobo-site-container">
        <SectionHead id="kobo-site-support-title" eyebrow="Support" title="Real help when you need it" />
        <ul className="kobo-site-cards">
          {cards.map((card) => (
            <li key={card.title} className="kobo-site-card">
              <span className="kobo-site-card-icon">
                <Glyph icon={card.icon} size={20} />
              </span>
              <h3>{card.title}</h3>
              <p>{card.text}</p>
              {card.link ? (
                <Link to={card.link.to} className="kobo-site-card-link">
                  <span>{card.link.label}</span>
                  <Glyph icon="arrow-right" size={14} />
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ClosingCall() {
  return (
    <section className="kobo-site-section" aria-labelledby="kobo-site-start-title">
      <div className="kobo-site-container">
        <div className="kobo-site-band">
          <div>
            <h2 id="kobo-site-start-title">Start earning today</h2>
            <p>Create your free account, complete your first task and watch your balance grow.</p>
          </div>
          <Link to="/signup" className="kobo-site-band-button">
            Sign up free
            <Glyph icon="arrow-right" />
          </Link>
        </div>
      </div>
    </section>
  );
}
