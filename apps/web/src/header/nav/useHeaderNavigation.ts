import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DEFAULT_APP_CONFIG } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { useLocale } from '../../platform/locale/useLocale';
import { useHeaderSession } from '../../platform/session/useHeaderSession';
import { fetchNavigation, type Branding } from './navigationAnswer';
import { filterByRole, findActiveId, localizeItems } from './navigation';
import type { NavSection, ResolvedNavItem } from './navTypes';

/** A top-level header entry: a configured item or the Products item. */
export type TopEntry = { kind: 'item'; item: ResolvedNavItem } | { kind: 'products' };

export interface HeaderNavigation {
  entries: TopEntry[];
  activeId: string | undefined;
  branding: Branding;
  section: (section: NavSection) => ResolvedNavItem[];
}

export const NAVIGATION_QUERY_KEY = ['platform', 'navigation'] as const;

/** The navigation for the current user, locale and path, ready to draw. */
export function useHeaderNavigation(): HeaderNavigation {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { pathname } = useLocation();
  const { user } = useHeaderSession();
  const paymentMount = (useAppConfig() ?? DEFAULT_APP_CONFIG).paymentMountPoint;
  const appName = t('app.name');
  const query = useQuery({
    queryKey: [...NAVIGATION_QUERY_KEY, user?.did ?? 'guest'],
    queryFn: ({ signal }) => fetchNavigation(appName, signal),
    staleTime: 60_000,
  });
  const data = query.data;
  const role = user?.role;

  return useMemo(() => {
    const section = (name: NavSection) =>
      data ? localizeItems(filterByRole(data.sections[name], role), locale) : [];
    const header = section('header');
    const entries: TopEntry[] = header.map((item) => ({ kind: 'item', item }));
    const productsAt = data?.branding.productsItem;
    if (productsAt !== undefined)
      entries.splice(Math.min(productsAt, entries.length), 0, { kind: 'products' });
    return {
      entries,
      activeId: findActiveId(header, pathname, [paymentMount]),
      branding: data?.branding ?? { appName, logos: undefined, productsItem: undefined },
      section,
    };
  }, [data, role, locale, pathname, appName, paymentMount]);
}
