import { FormGroup } from '@blueprintjs/core';
import { PasswordInput } from '../../shared/ui/PasswordInput';

/** The current password a sensitive change asks for, with its refusal shown at the field. */
export function CurrentPasswordField({
  id,
  value,
  error,
  hint,
  onChange,
}: {
  id: string;
  value: string;
  error: string | null;
  hint: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormGroup
      label="Current password"
      labelFor={id}
      labelInfo="(required)"
      intent={error ? 'danger' : 'none'}
      helperText={<span id={`${id}-help`}>{error ?? hint}</span>}
      className="kobo-settings-wide"
    >
      <PasswordInput
        id={id}
        name="currentPassword"
        autoComplete="current-password"
        value={value}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormGroup>
  );
}
