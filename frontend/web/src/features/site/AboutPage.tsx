/** About (/about): what Kobo is, how it treats people's money, and its commitments. */
import { Classes, Icon, type IconName } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import {
  MINIMUM_AGE,
  SUBMISSION_REVIEW_TIME,
  UPTIME_TARGET,
  WITHDRAWAL_PROCESSING,
} from '../../shared/constants';
import { SitePageHero } from './components';
import { usePageTitle } from './usePageTitle';
import './site.css';

const VALUES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'tag',
    title: 'Pay you can see',
    text: 'Every task shows its reward before you start. No hidden conditions, no registration fee.',
  },
  {
    icon: 'book',
    title: 'Money you can audit',
    text: 'Every naira you earn or withdraw is written to a double-entry ledger, and you can check each one in your history.',
  },
  {
    icon: 'bank-account',
    title: 'Payouts that arrive',
    text: `Withdrawals are processed within ${WITHDRAWAL_PROCESSING} to your own Nigerian bank account.`,
  },
  {
    icon: 'shield',
    title: 'Fair for everyone',
    text: `One account per person, members ${MINIMUM_AGE} and over, and real people doing real tasks, so advertisers keep funding them.`,
  },
];

export function AboutPage() {
  usePageTitle('About');
  return (
    <>
      <SitePageHero eyebrow="About Kobo" title="Small tasks, real naira">
        <p>
          Kobo connects people across Nigeria who want to earn online with brands and creators who need
          genuine engagement.
        </p>
      </SitePageHero>

      <section className="kobo-site-section" aria-labelledby="kobo-about-story">
        <div className="kobo-site-container kobo-site-split">
          <div className="kobo-site-prose" style={{ margin: 0 }}>
            <p className="kobo-site-eyebrow">Our story</p>
            <h2 id="kobo-about-story">Earning online should be simple and honest</h2>
            <p>
              Millions of Nigerians spend time on social media every day. Kobo turns some of that time into
              income: liking, commenting on and sharing posts, following accounts, watching videos, joining
              groups and trying apps, for businesses that want to reach more people.
            </p>
            <p>
              We built Kobo around one idea: you should always know what a task pays, when it will be checked
              and when your money will reach your bank. That is why rewards are shown up front, submissions
              are verified within {SUBMISSION_REVIEW_TIME}, and withdrawals are processed within{' '}
              {WITHDRAWAL_PROCESSING}.
            </p>
          </div>
          <dl className="kobo-site-figure-list" aria-label="Kobo in figures">
            <div>
              <dt>Pay per task</dt>
              <dd>₦10-₦500</dd>
            </div>
            <div>
              <dt>Task verification</dt>
              <dd>{SUBMISSION_REVIEW_TIME}</dd>
            </div>
            <div>
              <dt>Withdrawal processing</dt>
              <dd>{WITHDRAWAL_PROCESSING}</dd>
            </div>
            <div>
              <dt>Uptime target</dt>
              <dd>{UPTIME_TARGET}</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="kobo-site-section kobo-site-section-alt" aria-labelledby="kobo-about-values">
        <div className="kobo-site-container">
          <div className="kobo-site-section-head">
            <p className="kobo-site-eyebrow">What we stand for</p>
            <h2 id="kobo-about-values">Built to be trusted with your money</h2>
          </div>
          <ul className="kobo-site-cards">
            {VALUES.map((value) => (
              <li key={value.title} className="kobo-site-card">
                <span className="kobo-site-card-icon">
                  <Icon icon={value.icon} size={20} aria-hidden />
                </span>
                <h3>{value.title}</h3>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="kobo-site-section" aria-labelledby="kobo-about-join">
        <div className="kobo-site-container">
          <div className="kobo-site-band">
            <div>
              <h2 id="kobo-about-join">Ready to start?</h2>
              <p>Creating an account is free. Questions first? Our team is happy to help.</p>
            </div>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
              <Link to="/signup" className="kobo-site-band-button">
                Sign up free
                <Icon icon="arrow-right" aria-hidden />
              </Link>
              <Link
                to="/contact"
                className={`${Classes.BUTTON} ${Classes.OUTLINED} ${Classes.LARGE} ${Classes.DARK} kobo-site-link-button kobo-site-band-ghost`}
              >
                <span className={Classes.BUTTON_TEXT}>Contact us</span>
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
