/**
 * The status of a campaign being edited: the admin moves it between the settable statuses; one
 * awaiting approval or rejected keeps it (only finance moves it), so the select is then disabled.
 */
import { HTMLSelect } from '@blueprintjs/core';
import { CampaignFormField, fieldInputProps } from './CampaignFormField';
import { SETTABLE_STATUSES, STATUS_FILTERS } from './campaigns-list';
import type { CampaignFormState } from './useCampaignFormState';

const settable = (status: string) => (SETTABLE_STATUSES as readonly string[]).includes(status);

export function CampaignStatusField({ form: { values, errors, set } }: { form: CampaignFormState }) {
  return (
    <CampaignFormField name="taskStatus" label="Status" error={errors.taskStatus}>
      <HTMLSelect
        {...fieldInputProps('taskStatus', errors.taskStatus)}
        fill
        value={values.taskStatus}
        onChange={(event) => set('taskStatus', event.currentTarget.value)}
        disabled={!settable(values.taskStatus)}
        options={STATUS_FILTERS.filter((s) => settable(s.value) || s.value === values.taskStatus).map(
          (s) => ({
            value: s.value,
            label: s.label,
          }),
        )}
      />
    </CampaignFormField>
  );
}
