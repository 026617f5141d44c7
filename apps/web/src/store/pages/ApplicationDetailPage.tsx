import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ExtensionOffOutlined from '@mui/icons-material/ExtensionOffOutlined';
import { Alert, Box, Button, Chip, Divider, Link, Skeleton, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useLocale } from '../../platform/locale/useLocale';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';
import { fetchDetail, fetchDownloads, fetchReadme, fetchVersions, NotFoundError } from '../browse/api';
import { AppLogo } from '../browse/AppLogo';
import { DetailSection } from '../browse/DetailSection';
import { dailySeries } from '../browse/downloadSeries';
import { DownloadsChart } from '../browse/DownloadsChart';
import { ReadmeView } from '../browse/ReadmeView';
import { ScreenshotGallery } from '../browse/ScreenshotGallery';
import { VersionsList } from '../browse/VersionsList';

const CHART_DAYS = 30;

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const dependencies = (v: unknown[]) =>
  v.flatMap((d) =>
    d && typeof d === 'object' && 'did' in d && typeof d.did === 'string'
      ? [{ did: d.did, version: 'version' in d && typeof d.version === 'string' ? d.version : '' }]
      : [],
  );

function NotFound() {
  const { t } = useTranslation();
  return (
    <PageSection testId="page-application-detail" title={t('store.detail.title')}>
      <EmptyState
        icon={<ExtensionOffOutlined />}
        title={t('store.detail.notFoundTitle')}
        description={t('store.detail.notFoundDescription')}
        action={
          <Button component={RouterLink} to="/" variant="outlined">
            {t('store.detail.back')}
          </Button>
        }
      />
    </PageSection>
  );
}

/** `/blocklets/:did/:version?` and `/blocklet/:did`: one application, in the version asked or its current one. */
export function ApplicationDetailPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { did = '', version: asked } = useParams();
  const detail = useQuery({
    queryKey: ['store', 'detail', did],
    queryFn: ({ signal }) => fetchDetail(did, signal),
  });
  const versions = useQuery({
    queryKey: ['store', 'versions', did],
    queryFn: ({ signal }) => fetchVersions(did, signal),
  });
  const downloads = useQuery({
    queryKey: ['store', 'downloads', did],
    queryFn: ({ signal }) => fetchDownloads(did, CHART_DAYS, signal),
  });
  const app = detail.data;
  const listed = versions.data?.find((v) => v.version === asked);
  const shown = asked && listed ? asked : (app?.version ?? null);
  const readme = useQuery({
    queryKey: ['store', 'readme', did, shown],
    queryFn: ({ signal }) => fetchReadme(did, shown ?? '', signal),
    enabled: shown !== null,
  });

  if (detail.error instanceof NotFoundError || (asked && versions.data && !listed)) return <NotFound />;
  if (detail.isError) {
    return (
      <PageSection testId="page-application-detail" title={t('store.detail.title')}>
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('store.browse.loadFailed')}
        </Alert>
      </PageSection>
    );
  }
  if (!app || !shown) {
    return (
      <PageSection testId="page-application-detail" title={t('store.detail.title')}>
        <Box aria-busy="true" sx={{ mt: 2 }}>
          <Box sx={visuallyHidden} role="status">
            {t('store.browse.detail.loading')}
          </Box>
          <Skeleton variant="rounded" width={96} height={96} />
          <Skeleton width="40%" />
          <Skeleton height={200} />
        </Box>
      </PageSection>
    );
  }

  const category = app.category
    ? app.category.locales[locale] || app.category.name
    : t('store.browse.noCategory');
  // A version other than the current one shows its own bundle's logo and screenshots.
  const shownEntry = versions.data?.find((v) => v.version === shown);
  const screenshots =
    shown === app.version || !shownEntry ? strings(app.meta.screenshots).length : shownEntry.screenshots;
  const deps = dependencies(app.dependencies);
  const size = shownEntry?.size;
  const downloadUrl = `/api/blocklets/${app.did}/${encodeURIComponent(shown)}/${encodeURIComponent(app.name)}-${encodeURIComponent(shown)}.tgz`;

  return (
    <PageSection testId="page-application-detail" title={app.title}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
        <AppLogo
          did={app.did}
          version={shownEntry && !shownEntry.logo ? null : shown}
          title={app.title}
          size={96}
        />
        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ color: 'text.secondary' }}>{app.description}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Chip size="small" variant="outlined" label={category} />
            <Chip
              size="small"
              color={app.price ? 'secondary' : 'success'}
              label={app.price ? `${app.price.amount} ${app.price.currency}` : t('store.browse.free')}
            />
            <Typography variant="body2">{t('store.browse.detail.version', { version: shown })}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('store.browse.downloads', { count: app.downloads })}
            </Typography>
          </Stack>
        </Stack>
        {app.price ? (
          // Paid applications are not sold yet: the store serves a priced bundle to its developer only.
          <Typography data-testid="not-for-sale" sx={{ fontWeight: 500, maxWidth: { sm: 280 } }}>
            {t('store.browse.detail.notForSale')}
          </Typography>
        ) : (
          <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }}>
            <Button
              variant="contained"
              startIcon={<DownloadOutlined />}
              href={downloadUrl}
              download
              data-testid="download-button"
            >
              {t('store.browse.detail.download', { version: shown })}
            </Button>
            {size !== undefined ? (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('store.browse.detail.downloadHint', { size: `${(size / 1024).toFixed(1)} KB` })}
              </Typography>
            ) : null}
          </Stack>
        )}
      </Stack>
      {shown !== app.version ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('store.browse.detail.showingVersion', { version: shown })}
        </Alert>
      ) : null}

      {screenshots > 0 ? (
        <DetailSection title={t('store.browse.detail.screenshots')}>
          <ScreenshotGallery did={app.did} version={shown} title={app.title} count={screenshots} />
        </DetailSection>
      ) : null}

      <DetailSection title={t('store.browse.detail.readme')}>
        <ReadmeView html={readme.data} loading={readme.isPending} />
      </DetailSection>

      <DetailSection title={t('store.browse.detail.facts')}>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
        >
          <dt>{t('store.browse.detail.owner')}</dt>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {app.owner.fullName || app.owner.did}
          </Box>
          <dt>{t('store.browse.detail.category')}</dt>
          <Box component="dd" sx={{ m: 0 }}>
            {app.category ? (
              <Link component={RouterLink} to={`/category/${encodeURIComponent(app.category.name)}`}>
                {category}
              </Link>
            ) : (
              category
            )}
          </Box>
          {app.keywords.length > 0 ? (
            <>
              <dt>{t('store.browse.detail.keywords')}</dt>
              <Box component="dd" sx={{ m: 0 }}>
                {app.keywords.join(', ')}
              </Box>
            </>
          ) : null}
        </Box>
      </DetailSection>

      <DetailSection title={t('store.browse.detail.dependencies')}>
        {deps.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('store.browse.detail.noDependencies')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {deps.map((d) => (
              <li key={d.did}>
                <Link component={RouterLink} to={`/blocklets/${d.did}`}>
                  {d.did}
                </Link>{' '}
                {d.version}
              </li>
            ))}
          </Box>
        )}
      </DetailSection>

      {downloads.data ? (
        <DetailSection title={t('store.browse.downloads_other', { count: downloads.data.total })}>
          <DownloadsChart
            series={dailySeries(downloads.data.dataList, CHART_DAYS, new Date())}
            allTime={downloads.data.total}
          />
        </DetailSection>
      ) : null}

      <DetailSection title={t('store.browse.detail.versions')}>
        {versions.data ? (
          <VersionsList did={app.did} versions={versions.data} current={app.version} />
        ) : (
          <Skeleton height={80} />
        )}
      </DetailSection>
      <Divider sx={{ mt: 4 }} />
    </PageSection>
  );
}
