/** @kobo/ledger: money, the event-store port and adapters, the event catalogue, deciders and command handlers. */
export * from './money';
export * from './event-store';
export * from './domain';
export * from './personal-data';
