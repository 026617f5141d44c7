import AddOutlined from '@mui/icons-material/AddOutlined';
import { Button } from '@mui/material';

/** The button that opens a page's create dialog. */
export function AddButton(props: {
  label: string;
  testId: string;
  onClick(): void;
  disabled?: boolean;
  /** Defaults to contained (the page's main action). */
  variant?: 'contained' | 'outlined';
}) {
  return (
    <Button
      variant={props.variant ?? 'contained'}
      startIcon={<AddOutlined />}
      onClick={props.onClick}
      disabled={props.disabled}
      data-testid={props.testId}
    >
      {props.label}
    </Button>
  );
}
