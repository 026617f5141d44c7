import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { type SettingRecord, adminViewRoutes, type BodyOf } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../api/hooks';
import { routeCall } from '../api/routeCall';
import { fromForm, sharesSum, toForm, type BeneficiaryRow, type DonationForm } from './donationForm';

/** Edits one donation setting: presets, default preset, bounds, beneficiaries with shares, benefits, messages. */
export function DonationEditor({ record, onSaved }: { record: SettingRecord; onSaved(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [form, setForm] = useState<DonationForm>(() => toForm(record));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAdminMutation(
    ['donation-settings'],
    (body: BodyOf<typeof adminViewRoutes.updateDonationSetting>) =>
      routeCall(adminViewRoutes.updateDonationSetting, { id: record.id }, body),
  );
  const d = (key: string) =>
    t(`payment.admin.insights.donations.${key}` as 'payment.admin.insights.donations.title');
  const set = (patch: Partial<DonationForm>) => setForm((f) => ({ ...f, ...patch }));
  const setRow = (i: number, patch: Partial<BeneficiaryRow>) =>
    set({ beneficiaries: form.beneficiaries.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  const sum = sharesSum(form.beneficiaries);
  const submit = () => {
    const out = fromForm(form);
    if (!out.ok) {
      setProblem(`${out.path}: ${out.message}`);
      return;
    }
    setProblem(null);
    save.mutate(
      { settings: out.value },
      {
        onSuccess: () => {
          enqueueSnackbar(d('saved'), { variant: 'success' });
          onSaved();
        },
        onError: (e) => setProblem(e.message),
      },
    );
  };
  const field = (
    key: keyof DonationForm,
    label: string,
    extra: { helperText?: string; multiline?: boolean } = {},
  ) => (
    <TextField
      label={label}
      value={form[key] as string}
      onChange={(e) => set({ [key]: e.target.value })}
      fullWidth
      size="small"
      minRows={extra.multiline ? 3 : undefined}
      multiline={extra.multiline}
      helperText={extra.helperText}
      slotProps={{ htmlInput: { 'data-testid': `donation-${key}` } }}
    />
  );
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mt: 2 }}
      data-testid="donation-editor"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 2, wordBreak: 'break-all' }}>
        {d('edit')}: {record.mount_location}
      </Typography>
      <Stack spacing={2}>
        {field('presets', d('presets'), { helperText: d('presetsHelp') })}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          {field('preset', d('preset'))}
          {field('minimum', d('minimum'))}
          {field('maximum', d('maximum'))}
        </Box>
        <FormControlLabel
          control={<Switch checked={form.custom} onChange={(e) => set({ custom: e.target.checked })} />}
          label={d('custom')}
        />
        <Typography variant="h3" sx={{ fontSize: '1rem' }}>
          {d('beneficiaries')}
        </Typography>
        {form.beneficiaries.map((b, i) => (
          <Stack
            key={i}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <TextField
              size="small"
              label={d('beneficiaryName')}
              value={b.name}
              onChange={(e) => setRow(i, { name: e.target.value })}
              slotProps={{ htmlInput: { 'data-testid': `beneficiary-name-${i}` } }}
            />
            <TextField
              size="small"
              label={d('beneficiaryAddress')}
              value={b.address}
              onChange={(e) => setRow(i, { address: e.target.value })}
              sx={{ flex: 1 }}
            />
            <TextField
              size="small"
              label={d('share')}
              value={b.percent}
              inputMode="numeric"
              onChange={(e) => setRow(i, { percent: e.target.value })}
              sx={{ width: { sm: 110 } }}
              slotProps={{ htmlInput: { 'data-testid': `beneficiary-share-${i}` } }}
            />
            <IconButton
              aria-label={t('payment.admin.insights.donations.remove', { name: b.name || String(i + 1) })}
              onClick={() => set({ beneficiaries: form.beneficiaries.filter((_, j) => j !== i) })}
            >
              <DeleteOutlined />
            </IconButton>
          </Stack>
        ))}
        {form.beneficiaries.length > 0 && sum !== 100 ? (
          <Alert severity="warning" data-testid="shares-sum">
            {t('payment.admin.insights.donations.sharesSum', { sum })}
          </Alert>
        ) : null}
        <Box>
          <Button
            onClick={() =>
              set({ beneficiaries: [...form.beneficiaries, { name: '', address: '', percent: '' }] })
            }
            data-testid="add-beneficiary"
          >
            {d('addBeneficiary')}
          </Button>
        </Box>
        {field('benefits', d('benefits'), { helperText: d('benefitsHelp'), multiline: true })}
        {field('thanksEn', d('thanksEn'))}
        {field('thanksZh', d('thanksZh'))}
        {problem ? (
          <Alert severity="error" data-testid="donation-problem">
            {problem}
          </Alert>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="donation-save">
            {d('save')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
