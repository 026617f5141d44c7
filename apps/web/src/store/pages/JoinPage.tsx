import { Alert, Box, Button, Checkbox, FormControlLabel, List, ListItem, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../platform/ui/PageSection';
import { fetchSessionUser, isDeveloper } from '../connect/api';

/**
 * `/join` (registered only when developers register by staking): the terms, then staking with the
 * wallet. This store has no staking action yet, so after accepting the terms the page says so and
 * points to an invitation instead of pretending to stake.
 */
export function JoinPage() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(false);
  const [asked, setAsked] = useState(false);
  const user = useQuery({ queryKey: ['store', 'session-user'], queryFn: fetchSessionUser, retry: false });
  const terms = ['term1', 'term2', 'term3'] as const;
  return (
    <PageSection testId="page-join" title={t('storeConnect.join.title')}>
      <Typography sx={{ mt: 2, maxWidth: 720 }}>{t('storeConnect.join.intro')}</Typography>
      {user.data && isDeveloper(user.data) ? (
        <Alert severity="success" role="status" sx={{ mt: 3 }}>
          {t('storeConnect.join.already')}
        </Alert>
      ) : (
        <>
          <Typography component="h2" variant="h6" sx={{ mt: 3 }}>
            {t('storeConnect.join.terms')}
          </Typography>
          <List sx={{ listStyle: 'disc', pl: 3 }}>
            {terms.map((k) => (
              <ListItem key={k} sx={{ display: 'list-item', pl: 0 }}>
                {t(`storeConnect.join.${k}`)}
              </ListItem>
            ))}
          </List>
          <FormControlLabel
            control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />}
            label={t('storeConnect.join.accept')}
          />
          <Box sx={{ mt: 2 }}>
            <Button
              variant="contained"
              disabled={!accepted}
              onClick={() => setAsked(true)}
              data-testid="join-stake"
            >
              {t('storeConnect.join.stake')}
            </Button>
          </Box>
          {asked ? (
            <Alert severity="info" role="status" sx={{ mt: 3 }}>
              {t('storeConnect.join.unavailable')}
            </Alert>
          ) : null}
        </>
      )}
    </PageSection>
  );
}
