/**
 * One field of the campaign form: its label, "(required)", and its message (or hint) under it,
 * tied to the input by id so a screen reader reads the message with the input.
 */
import { FormGroup, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { CampaignField, FormErrors } from './campaign-form';
import type { CampaignFormState } from './useCampaignFormState';

const FORM_ID = 'kobo-admin-campaigns-form';

export const fieldId = (name: CampaignField) => `${FORM_ID}-${name}`;
export const helpId = (name: CampaignField) => `${fieldId(name)}-help`;

/** The first field with a message takes the focus. */
export function focusFirstError(errors: FormErrors) {
  const first = (Object.keys(errors) as CampaignField[]).find((field) => errors[field]);
  if (first) document.getElementById(fieldId(first))?.focus();
}

/** The input's id, and whether it is wrong and where that is said. */
export function fieldInputProps(name: CampaignField, error: string | undefined) {
  return {
    id: fieldId(name),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? helpId(name) : undefined,
  };
}

export function CampaignFormField({
  name,
  label,
  error,
  required,
  hint,
  children,
}: {
  name: CampaignField;
  label: string;
  error: string | undefined;
  required?: boolean;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <FormGroup
      label={label}
      labelFor={fieldId(name)}
      labelInfo={required ? '(required)' : undefined}
      intent={error ? 'danger' : 'none'}
      helperText={error || hint ? <span id={helpId(name)}>{error ?? hint}</span> : undefined}
    >
      {children}
    </FormGroup>
  );
}

/** A one-line input of the form, showing its value and message and changing its value. */
export function CampaignInput({
  form,
  name,
  label,
  required,
  ...input
}: {
  form: CampaignFormState;
  name: Exclude<CampaignField, 'taskImage'>;
  label: string;
  required?: boolean;
} & Omit<InputGroupProps, 'form' | 'id' | 'value' | 'intent' | 'onValueChange' | 'name'>) {
  const error = form.errors[name];
  return (
    <CampaignFormField name={name} label={label} error={error} required={required}>
      <InputGroup
        {...fieldInputProps(name, error)}
        {...input}
        value={form.values[name]}
        intent={error ? 'danger' : 'none'}
        onValueChange={(value) => form.set(name, value)}
      />
    </CampaignFormField>
  );
}
