import { uploadResult } from '@payshelf/api';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@payshelf/api';
import { CHANGELOG_FIELD_MAX, uploadBundle, type UploadHandle } from './api';
import { developerBlockletsKey } from './keys';

/**
 * Uploads a `.tgz` bundle for one application with a real progress bar (XHR upload events). The
 * server checks the manifest (DID, name, a higher version); its refusal shows here. The optional
 * changelog goes with the upload; left empty, the bundle's CHANGELOG.md (this version's section) is used.
 */
export function UploadBundle({ name, disabled }: { name: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const inputId = useId();
  const progressId = useId();
  const input = useRef<HTMLInputElement>(null);
  const handle = useRef<UploadHandle | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [changelog, setChangelog] = useState('');
  useEffect(() => () => handle.current?.abort(), []);

  const start = (file: File) => {
    setError(null);
    if (!/\.(tgz|tar\.gz)$/i.test(file.name)) {
      setError(t('store.dev.blocklets.notTgz'));
      return;
    }
    setProgress(0);
    const upload = uploadBundle(file, setProgress, changelog);
    handle.current = upload;
    upload.done
      .then(async (raw) => {
        const result = uploadResult.parse(raw);
        enqueueSnackbar(
          t(
            result.status === 'published' ? 'store.dev.blocklets.published' : 'store.dev.blocklets.uploaded',
            {
              version: result.version,
            },
          ),
          { variant: 'success' },
        );
        setChangelog('');
        await client.invalidateQueries({ queryKey: developerBlockletsKey });
      })
      .catch((e: unknown) => {
        setError(
          e instanceof ApiCallError && e.status === 0
            ? t('store.dev.common.networkError')
            : e instanceof Error
              ? e.message
              : String(e),
        );
      })
      .finally(() => {
        handle.current = null;
        setProgress(null);
        if (input.current) input.current.value = '';
      });
  };

  const percent = progress === null ? 0 : Math.round(progress * 100);
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('store.dev.blocklets.changelog')}
        helperText={t('store.dev.blocklets.changelogHint')}
        value={changelog}
        disabled={disabled || progress !== null}
        onChange={(e) => setChangelog(e.target.value)}
        slotProps={{
          htmlInput: { maxLength: CHANGELOG_FIELD_MAX, 'data-testid': `upload-changelog-${name}` },
        }}
      />
      <Box>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".tgz,.tar.gz,application/gzip"
          hidden
          aria-label={t('store.dev.blocklets.uploadLabel', { name })}
          data-testid={`upload-input-${name}`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) start(file);
          }}
        />
        <Button
          variant="outlined"
          size="small"
          startIcon={<UploadFileOutlined />}
          disabled={disabled || progress !== null}
          onClick={() => input.current?.click()}
          aria-label={t('store.dev.blocklets.uploadLabel', { name })}
        >
          {t('store.dev.blocklets.upload')}
        </Button>
      </Box>
      {progress !== null ? (
        <Box>
          <Typography variant="body2" id={progressId}>
            {t('store.dev.blocklets.uploading', { percent })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-labelledby={progressId}
            data-testid={`upload-progress-${name}`}
          />
        </Box>
      ) : null}
      {error ? (
        <Alert
          severity="error"
          role="alert"
          data-testid={`upload-error-${name}`}
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
