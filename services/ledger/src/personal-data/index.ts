/** Personal data sealed under a data key per person, erased by destroying the key (docs/decisions/0051-crypto-shredding.md). */
export {
  createPersonalDataKeys,
  ERASED,
  isErased,
  type DestroyedKey,
  type Erased,
  type OpenedField,
  type PersonalDataKeys,
  type PersonalDataKeysOptions,
  type RewrapReport,
} from './person-data-keys';
export { isSealed, subjectOfSealed, SEALED_PREFIX } from './sealed-field';
export { masterKeyId } from './master-keys';
export type { KeyCacheOptions } from './key-cache';
export { MissingDataKeyError, PersonErasedError, SealedFieldError, UnknownMasterKeyError } from './errors';
export { sealPersonalData, CLAIMS_KEY_SUBJECT, claimsKeyOf, keyedStreamName } from './sealing-store';
export { resealLog, ResealRefusedError, type ResealOptions, type ResealReport } from './reseal';
export { personalFieldsOf } from './personal-fields';
export { clearPersonalDataRemains } from './clear-personal-data';
