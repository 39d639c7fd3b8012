/** The read models, one folder each (docs/decisions/0049): what other packages may use of them. */
export * from './ledger-entries';
