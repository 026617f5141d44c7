import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const screenshotDir = fileURLToPath(new URL('../../../test-output/e2e', import.meta.url));

/** Debian's chromium, headless, with the flags this closed network needs (no background calls home). */
export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * The one Chromium the global setup started for every e2e file. Each file gets its own connection; its
 * `close()` drops that file's contexts and disconnects, leaving the browser to the next file.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** Browser language, as navigator.languages reports it. */
  locale?: string;
  colorScheme?: 'light' | 'dark';
}

export async function openContext(browser: Browser, options: PageOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

export function baseUrl(): string {
  return inject('baseUrl');
}
