import BlockOutlined from '@mui/icons-material/BlockOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Button } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorPanel } from './ErrorPanel';

export const ERROR_PAGE_CODES = [400, 403, 404, 500] as const;

export type ErrorPageCode = (typeof ERROR_PAGE_CODES)[number];

const ICONS: Record<ErrorPageCode, ReactNode> = {
  400: <ErrorOutlineOutlined />,
  403: <BlockOutlined />,
  404: <SearchOffOutlined />,
  500: <ReportProblemOutlined />,
};

/** `/400`, `/403`, `/404` and `/500`: title, a short explanation and a way back home. */
export function ErrorPage({ code }: { code: ErrorPageCode }) {
  const { t } = useTranslation();
  return (
    <ErrorPanel
      testId={`error-page-${code}`}
      icon={ICONS[code]}
      overline={t('app.errors.code', { code })}
      title={t(`app.errors.http${code}.title`)}
      description={t(`app.errors.http${code}.description`)}
      actions={
        <Button component={RouterLink} to="/" variant="contained" startIcon={<HomeOutlined />}>
          {t('app.errors.backHome')}
        </Button>
      }
    />
  );
}
