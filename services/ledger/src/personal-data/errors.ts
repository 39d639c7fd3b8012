/** What can go wrong sealing or opening personal data; an erased person is not an error when opening (see `ERASED`). */

/** A sealed field that is not one, was altered, or was moved to another person. */
export class SealedFieldError extends Error {
  override readonly name = 'SealedFieldError';
}

/** Sealing for a person whose data key was destroyed: their personal data is erased, nothing new is kept. */
export class PersonErasedError extends Error {
  override readonly name = 'PersonErasedError';
  constructor(readonly subject: string) {
    super(`the personal data of ${subject} was erased: nothing more is sealed for them`);
  }
}

/** Opening a field of a person who has no data key here: it was sealed against another database. */
export class MissingDataKeyError extends Error {
  override readonly name = 'MissingDataKeyError';
  constructor(readonly subject: string) {
    super(`there is no data key for ${subject}: the field was not sealed against this database`);
  }
}

/** A data key wrapped under a master key this process was not given. */
export class UnknownMasterKeyError extends Error {
  override readonly name = 'UnknownMasterKeyError';
  constructor(
    readonly subject: string,
    readonly masterKeyId: string,
    currentId: string,
  ) {
    super(
      `the data key of ${subject} is wrapped under master key ${masterKeyId}, which is neither ` +
        `KOBO_MASTER_KEY (${currentId}) nor one of KOBO_MASTER_KEY_PREVIOUS: give this process that key`,
    );
  }
}
