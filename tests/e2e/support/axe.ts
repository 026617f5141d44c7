import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The WCAG levels every page is held to: A and AA of WCAG 2.0, 2.1 and 2.2. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const require = createRequire(import.meta.url);
let source: string | undefined;

/** axe-core's browser bundle, read once from node_modules. */
function axeSource(): string {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** One line per failing element: rule id, impact, the element's selector and what to fix. */
export function formatViolations(violations: readonly AxeViolation[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map((node) => {
        const summary = (node.failureSummary ?? v.help).replace(/\s+/g, ' ').trim();
        return `- ${v.id} (${v.impact ?? 'n/a'}) at ${JSON.stringify(node.target)}: ${summary}`;
      }),
    )
    .join('\n');
}

/** Each check's time, one line per check in test-output/e2e/axe-times.log: what accessibility costs the suite. */
function recordTime(label: string, ms: number): void {
  const dir = path.join(import.meta.dirname, '../../../test-output/e2e');
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, 'axe-times.log'), `${ms.toFixed(0)}\t${label}\n`);
}

export interface AxeOptions {
  /** Only this part of the page (a CSS selector), e.g. an open dialog. */
  include?: string;
}

/**
 * Runs axe-core in the page (injected from node_modules, no network) against WCAG 2.x A and AA and fails
 * with a readable list of violations. `label` names the page state in the message.
 */
export async function expectAccessible(page: Page, label: string, options: AxeOptions = {}): Promise<void> {
  const started = performance.now();
  // Colours are measured at rest: finite transitions (a dialog or tooltip fading in) finish first.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const injected = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol, not as a <script> tag: the app's Content-Security-Policy
  // (script-src 'self') rightly refuses inline scripts, and the pages are tested under that policy.
  if (!injected) await page.evaluate(axeSource());
  const violations = await page.evaluate(
    async ({ tags, include }) => {
      const axe = (
        window as unknown as {
          axe: {
            run(
              context: unknown,
              options: unknown,
            ): Promise<{
              violations: {
                id: string;
                impact: string | null;
                help: string;
                nodes: { target: unknown[]; failureSummary?: string }[];
              }[];
            }>;
          };
        }
      ).axe;
      const result = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      }));
    },
    { tags: AXE_TAGS, include: options.include },
  );
  recordTime(label, performance.now() - started);
  if (violations.length > 0) {
    throw new Error(`Accessibility violations on ${label}:\n${formatViolations(violations)}`);
  }
}
