import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type FormTextFieldProps<V extends FieldValues, T> = Omit<TextFieldProps, 'name' | 'value' | 'onChange'> & {
  control: Control<V, unknown, T>;
  name: FieldPath<V>;
  label: string;
  /** Renders a select with these choices. */
  options?: ReadonlyArray<{ value: string; label: string }>;
};

/** A text field (or select) bound to a form value; shows the field's error under it. */
export function FormTextField<V extends FieldValues, T>({
  control,
  name,
  options,
  helperText,
  ...rest
}: FormTextFieldProps<V, T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          size="small"
          fullWidth
          {...rest}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          select={options !== undefined}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
        >
          {options?.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
