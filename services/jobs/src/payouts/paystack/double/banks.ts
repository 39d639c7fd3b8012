/**
 * The Nigerian banks the double lists, with Paystack's names and codes (as its List Banks endpoint
 * gives them for country=nigeria): the commercial banks, the digital banks and mobile-money
 * operators people are paid into (Kuda, OPay, PalmPay, Moniepoint), and a few microfinance banks.
 * Not Paystack's whole list (it has several hundred entries), only the ones worth testing with; the
 * fields payouts do not read (longcode, gateway) are left empty.
 */

export interface DoubleBank {
  id: number;
  name: string;
  slug: string;
  code: string;
  longcode: string;
  gateway: string | null;
  pay_with_bank: boolean;
  supports_transfer: boolean;
  active: boolean;
  is_deleted: boolean;
  country: string;
  currency: string;
  type: string;
  createdAt: string;
  updatedAt: string;
}

const NIGERIAN_BANKS: ReadonlyArray<readonly [name: string, code: string]> = [
  ['Access Bank', '044'],
  ['Access Bank (Diamond)', '063'],
  ['ALAT by WEMA', '035A'],
  ['Citibank Nigeria', '023'],
  ['Ecobank Nigeria', '050'],
  ['FairMoney Microfinance Bank', '51318'],
  ['Fidelity Bank', '070'],
  ['First Bank of Nigeria', '011'],
  ['First City Monument Bank', '214'],
  ['Globus Bank', '00103'],
  ['Guaranty Trust Bank', '058'],
  ['Hackman Microfinance Bank', '51251'],
  ['Jaiz Bank', '301'],
  ['Keystone Bank', '082'],
  ['Kuda Bank', '50211'],
  ['Moniepoint MFB', '50515'],
  ['OPay Digital Services Limited (OPay)', '999992'],
  ['PalmPay', '999991'],
  ['Polaris Bank', '076'],
  ['Providus Bank', '101'],
  ['Rubies MFB', '125'],
  ['Sparkle Microfinance Bank', '51310'],
  ['Stanbic IBTC Bank', '221'],
  ['Sterling Bank', '232'],
  ['Union Bank of Nigeria', '032'],
  ['United Bank For Africa', '033'],
  ['Unity Bank', '215'],
  ['VFD Microfinance Bank Limited', '566'],
  ['Wema Bank', '035'],
  ['Zenith Bank', '057'],
];

const LISTED_AT = '2020-02-18T08:06:44.000Z';

/** The double's bank list, in Paystack's bank shape. */
export function nigerianBanks(): DoubleBank[] {
  return NIGERIAN_BANKS.map(([name, code], index) => ({
    id: index + 1,
    name,
    slug: name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    code,
    longcode: '',
    gateway: null,
    pay_with_bank: false,
    supports_transfer: true,
    active: true,
    is_deleted: false,
    country: 'Nigeria',
    currency: 'NGN',
    type: 'nuban',
    createdAt: LISTED_AT,
    updatedAt: LISTED_AT,
  }));
}
