/** The 20 banks a user may choose for payouts (user-site.md section 3). */
export const BANKS = [
  'Access Bank',
  'Citibank Nigeria',
  'Ecobank Nigeria',
  'Fidelity Bank',
  'Fairmoney Bank',
  'First Bank of Nigeria',
  'Guaranty Trust Bank',
  'Keystone Bank',
  'Kuda Bank',
  'Moniepoint Bank',
  'Opay Bank',
  'PalmPay Bank',
  'Polaris Bank',
  'Stanbic IBTC Bank',
  'Sterling Bank',
  'Union Bank of Nigeria',
  'United Bank for Africa',
  'Unity Bank',
  'Wema Bank',
  'Zenith Bank',
] as const;

export type BankName = (typeof BANKS)[number];

export function isBank(name: string): name is BankName {
  return (BANKS as readonly string[]).includes(name);
}
