import { Callout } from '@blueprintjs/core';

/** Why a form was refused, read out as soon as it appears. */
export function FormAlert({ message, id }: { message: string | null; id: string }) {
  return (
    <div role="alert" id={id} className="kobo-settings-alert">
      {message ? (
        <Callout intent="danger" icon="error" compact>
          {message}
        </Callout>
      ) : null}
    </div>
  );
}

/** The fields a server refusal names (problem+json `errors`), limited to the form's own fields. */
export function refusedFields<Field extends string>(
  errors: Record<string, string>,
  fields: readonly Field[],
): Field[] {
  return fields.filter((field) => field in errors);
}
