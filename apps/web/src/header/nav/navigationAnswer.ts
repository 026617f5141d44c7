import { NAV_SECTIONS, type NavSections } from './navTypes';
import { emptySections, parseNavItems } from './parseNavigation';

export interface ThemedUrl {
  light: string;
  dark: string;
}

export interface Branding {
  appName: string;
  logos: { square: ThemedUrl; wide: ThemedUrl } | undefined;
  /** Index among the visible top-level header items where Products goes; undefined hides it. */
  productsItem: number | undefined;
}

/** `GET /api/navigation`, read defensively: the sections the caller may see, and the branding. */
export interface NavigationData {
  sections: NavSections;
  branding: Branding;
}

export const NAVIGATION_URL = '/api/navigation';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function themedUrl(raw: unknown): ThemedUrl | undefined {
  if (!isRecord(raw) || typeof raw.light !== 'string') return undefined;
  return { light: raw.light, dark: typeof raw.dark === 'string' ? raw.dark : raw.light };
}

function parseBranding(raw: unknown, fallbackName: string): Branding {
  const value = isRecord(raw) ? raw : {};
  const logos = isRecord(value.logos) ? value.logos : {};
  const square = themedUrl(logos.square);
  const wide = themedUrl(logos.wide) ?? square;
  const products = value.productsItem;
  return {
    appName: typeof value.appName === 'string' && value.appName !== '' ? value.appName : fallbackName,
    logos: square && wide ? { square, wide } : undefined,
    productsItem:
      typeof products === 'number' && Number.isInteger(products) && products >= 0 ? products : undefined,
  };
}

export function parseNavigationAnswer(raw: unknown, fallbackName: string): NavigationData {
  const value = isRecord(raw) ? raw : {};
  const rawSections = isRecord(value.sections) ? value.sections : {};
  const sections = emptySections();
  for (const section of NAV_SECTIONS) sections[section] = parseNavItems(rawSections[section], section);
  return { sections, branding: parseBranding(value.branding, fallbackName) };
}

export async function fetchNavigation(fallbackName: string, signal?: AbortSignal): Promise<NavigationData> {
  const response = await fetch(NAVIGATION_URL, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Loading ${NAVIGATION_URL} failed with HTTP ${response.status}`);
  return parseNavigationAnswer(await response.json(), fallbackName);
}
