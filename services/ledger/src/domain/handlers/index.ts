export * from './run-command';
export * from './ledger-commands';
export { StreamReader, forgetFoldedStates, type Folding } from './stream-reader';
export { readCurrentState, currentUser, currentCampaign, type CurrentState } from './current-state';
export * as streamLoading from './stream-loading';
export { withKeyClaim, type RequestKeyClaim, type KeyClaimState } from './key-claims';
