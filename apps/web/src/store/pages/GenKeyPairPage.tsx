import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../platform/ui/PageSection';
import { didOfPublicKey } from '../connect/api';
import { generateAppKeyPair, keyFile, type AppKeyPair } from '../connect/keyPair';

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Box>
      <Typography component="h2" variant="subtitle2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography data-testid={testId} sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {value}
        </Typography>
        <Button
          size="small"
          startIcon={<ContentCopyOutlined />}
          aria-label={`${t('storeConnect.genKeyPair.copy')} ${label}`}
          onClick={() => {
            void navigator.clipboard.writeText(value).then(
              () => setCopied(true),
              () => undefined,
            );
          }}
        >
          {copied ? t('storeConnect.genKeyPair.copied') : t('storeConnect.genKeyPair.copy')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * `/gen-key-pair`: makes the DID of a new application. The Ed25519 key pair is generated in the
 * browser (WebCrypto); only the public key goes to the store, which answers its ABT DID.
 */
export function GenKeyPairPage() {
  const { t } = useTranslation();
  const made = useMutation({
    mutationFn: async (): Promise<{ did: string; pair: AppKeyPair }> => {
      const pair = await generateAppKeyPair();
      return { did: await didOfPublicKey(pair.publicKey), pair };
    },
  });
  const download = (did: string, pair: AppKeyPair) => {
    const url = URL.createObjectURL(new Blob([keyFile(did, pair)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${did}.json`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <PageSection testId="page-gen-key-pair" title={t('storeConnect.genKeyPair.title')}>
      <Typography sx={{ mt: 2, maxWidth: 720 }}>{t('storeConnect.genKeyPair.intro')}</Typography>
      <Box sx={{ mt: 3 }}>
        <Button
          variant="contained"
          data-testid="gen-key-pair"
          disabled={made.isPending}
          onClick={() => made.mutate()}
        >
          {made.data ? t('storeConnect.genKeyPair.again') : t('storeConnect.genKeyPair.generate')}
        </Button>
      </Box>
      {made.isError ? (
        <Alert severity="error" role="alert" sx={{ mt: 3 }}>
          {made.error.message === 'unsupported'
            ? t('storeConnect.genKeyPair.unsupported')
            : t('storeConnect.genKeyPair.failed', { message: made.error.message })}
        </Alert>
      ) : null}
      {made.data ? (
        <Stack spacing={2} sx={{ mt: 3, maxWidth: 820 }} data-testid="key-pair">
          <Field label={t('storeConnect.genKeyPair.did')} value={made.data.did} testId="key-pair-did" />
          <Field
            label={t('storeConnect.genKeyPair.publicKey')}
            value={made.data.pair.publicKeyHex}
            testId="key-pair-public"
          />
          <Alert severity="warning">{t('storeConnect.genKeyPair.secretWarning')}</Alert>
          <Field
            label={t('storeConnect.genKeyPair.secretKey')}
            value={made.data.pair.secretKeyHex}
            testId="key-pair-secret"
          />
          <Box>
            <Button
              variant="outlined"
              startIcon={<DownloadOutlined />}
              onClick={() => made.data && download(made.data.did, made.data.pair)}
            >
              {t('storeConnect.genKeyPair.download')}
            </Button>
          </Box>
        </Stack>
      ) : null}
    </PageSection>
  );
}
