/** Privacy Policy (/privacy): 11 sections, figures as docs/product/settled-contradictions.md settles them. */
import { Link } from 'react-router-dom';
import { DATA_RETENTION, EMAIL_RESPONSE_TIME, MINIMUM_AGE } from '../../shared/constants';
import { LegalPage, type LegalSection } from './LegalPage';

export function PrivacyPage() {
  const sections: LegalSection[] = [
    {
      id: 'information',
      title: 'Information We Collect',
      body: (
        <>
          <p>We collect only what we need to run your account and pay you:</p>
          <ul>
            <li>account details: first and last name, username, email address and phone number;</li>
            <li>bank details for withdrawals: bank name, account number and account name;</li>
            <li>your activity: tasks you submit, proof screenshots, balances, withdrawals and referrals;</li>
            <li>
              technical data: IP address, browser type and the times you sign in, to keep the service secure.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'use',
      title: 'How We Use Your Information',
      body: (
        <ul>
          <li>to create and run your account and show you your balances and history;</li>
          <li>to verify task submissions and credit rewards and bonuses;</li>
          <li>to pay your withdrawals to your bank account;</li>
          <li>to detect fraud, duplicate accounts and abuse;</li>
          <li>to answer your messages and send notices about your account, such as password resets.</li>
        </ul>
      ),
    },
    {
      id: 'basis',
      title: 'Legal Basis',
      body: (
        <p>
          We process personal data in line with the Nigeria Data Protection Act 2023: to perform our agreement
          with you (the <Link to="/terms">Terms of Service</Link>), to meet legal duties such as keeping
          financial records, and for our legitimate interest in keeping Kobo safe from fraud.
        </p>
      ),
    },
    {
      id: 'proof',
      title: 'Proof Screenshots',
      body: (
        <p>
          Screenshots you upload are used only to check that a task was done. They are seen by our review team
          and are not published or shared with other users. Please crop out anything a task does not need,
          such as private messages.
        </p>
      ),
    },
    {
      id: 'sharing',
      title: 'Sharing Your Information',
      body: (
        <>
          <p>We never sell your personal data. We share it only:</p>
          <ul>
            <li>with banks and payment providers, to pay your withdrawals;</li>
            <li>
              with providers that host our service and send our emails, under contracts that protect it;
            </li>
            <li>with authorities, when the law requires it.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and Local Storage',
      body: (
        <p>
          When you sign in we set one session cookie that scripts cannot read and that expires after one day.
          Your browser also stores your theme choice and whether you have seen the welcome message. We use no
          advertising or tracking cookies.
        </p>
      ),
    },
    {
      id: 'security',
      title: 'Data Security',
      body: (
        <p>
          Data travels over encrypted connections. Passwords are stored hashed, never in plain text. Every
          movement of money is written to a tamper-evident ledger that can be audited. Changing your sign-in
          email or bank details needs your current password. Access to personal data within Kobo is limited to
          staff who need it.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'Data Retention',
      body: (
        <p>
          We keep your data while your account is open. Account and transaction records are kept for{' '}
          {DATA_RETENTION}, as financial records must be kept, and are then deleted.
        </p>
      ),
    },
    {
      id: 'rights',
      title: 'Your Rights',
      body: (
        <p>
          You may ask for a copy of your data, ask us to correct it, object to how we use it or ask us to
          delete it, subject to the records we must keep. You can update most details yourself in Settings,
          and delete your account there. For anything else, write to us through the{' '}
          <Link to="/contact">contact page</Link>; we reply {EMAIL_RESPONSE_TIME}.
        </p>
      ),
    },
    {
      id: 'age',
      title: "Children's Privacy",
      body: (
        <p>
          Kobo is not for anyone under {MINIMUM_AGE}. We do not knowingly collect data from people under{' '}
          {MINIMUM_AGE}; if we learn that we have, we close the account and delete the data we are not
          required to keep.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes and Contact',
      body: (
        <p>
          We may update this policy. When we make important changes we tell you on the site or by email, and
          the date at the top of this page changes. Questions about your privacy are welcome through the{' '}
          <Link to="/contact">contact page</Link>.
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <>
          Your privacy matters to us. This policy explains what we collect, why, who we share it with, how
          long we keep it and the choices you have.
        </>
      }
      sections={sections}
    />
  );
}
