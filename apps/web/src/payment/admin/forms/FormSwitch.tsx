import { FormControlLabel, Switch } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** An on/off form value. */
export function FormSwitch<V extends FieldValues, T>(props: {
  control: Control<V, unknown, T>;
  name: FieldPath<V>;
  label: string;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <FormControlLabel
          label={props.label}
          control={
            <Switch
              name={field.name}
              checked={field.value === true}
              onChange={(e) => field.onChange(e.target.checked)}
            />
          }
        />
      )}
    />
  );
}
