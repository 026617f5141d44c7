import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { InputAdornment, TextField } from '@mui/material';

/** The search box above a table; the page debounces the value (300 ms) before using it. */
export function SearchField(props: { label: string; value: string; onChange(value: string): void }) {
  return (
    <TextField
      size="small"
      type="search"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      // A whole line on a phone (a flex share alone left it 40 px wide beside the filters).
      sx={{ flex: '1 1 240px', minWidth: { xs: '100%', sm: 240 }, maxWidth: { sm: 420 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
