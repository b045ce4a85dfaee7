/** axe in both themes: no serious or critical violation on what the page shows now (WCAG 2.2 AA tags). */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Switches the system's color scheme and waits until the page shows it: the theme follows the system
 * through a listener (apps/web/src/lib/theme.ts), and the colours then ease over for a moment (CSS
 * transitions). axe measured mid-way reads colours of neither theme and finds contrasts that are not
 * there (it did on a fast machine).
 */
export async function showColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (dark) =>
      document.documentElement.classList.contains('dark') === dark &&
      document
        .getAnimations()
        .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
    scheme === 'dark',
  );
}

/**
 * The serious and critical violations axe finds on what the page shows now (within `include`, a CSS
 * selector, when given): one line per element, with what axe says is wrong there.
 */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) =>
        `${violation.id}: ${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`.trimEnd(),
      ),
    );
}

export async function expectNoSeriousAxe(page: Page): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await showColorScheme(page, scheme);
    expect(await seriousAxeViolations(page), scheme).toEqual([]);
  }
  await showColorScheme(page, 'light');
}
