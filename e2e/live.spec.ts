/**
 * Live where it helps (decision 106), in Chromium against the built stack: a second admin session
 * that opens the same row is told who else edits it, and the notice goes when that dialog closes
 * or its tab does; the Audit-Log shows a new entry without a reload, on top of the first page, and
 * on a later page counts it instead of moving rows. axe finds nothing serious in both themes.
 */
import { expect, ownSession, test } from './fixtures';
import { expectNoSeriousAxe } from './axe';
import { createRow, WANTED } from './wanted-reasons';

const LOG = '/control-panel/admin/audit-log';

/** One word, so the log's target filter finds exactly this test's records. */
const uniqueName = () => `E2E-Live-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

test('a second admin is told "Admin_Nova bearbeitet diesen Eintrag gerade"; it ends when the dialog or the tab closes', async ({
  asRole,
  browser,
}) => {
  const first = await asRole('admin');
  await first.goto(WANTED);
  const row = await createRow(first, uniqueName());
  await first.goto(`${WANTED}?bearbeiten=${row.id}`);
  const mine = first.getByRole('dialog', { name: 'Wantedgrund bearbeiten' });
  await expect(mine).toBeVisible();

  // The same admin in another browser: a session of its own.
  const second = await ownSession(browser, 'admin');
  try {
    await second.goto(`${WANTED}?bearbeiten=${row.id}`);
    const theirs = second.getByRole('dialog', { name: 'Wantedgrund bearbeiten' });
    const notice = theirs.getByRole('status').filter({ hasText: 'bearbeitet diesen Eintrag gerade' });
    await expect(notice).toHaveText('Admin_Nova bearbeitet diesen Eintrag gerade.');
    // Both ways: the first dialog is told of the second.
    await expect(mine.getByText('Admin_Nova bearbeitet diesen Eintrag gerade.')).toBeVisible();
    await expectNoSeriousAxe(second);

    // The dialog closes: the other one hears it.
    await first.keyboard.press('Escape');
    await expect(mine).toBeHidden();
    await expect(theirs.getByText('bearbeitet diesen Eintrag gerade')).toBeHidden();

    // Open again from the table, then the tab closes.
    await first.getByRole('button', { name: `Wantedgrund ${row.id} bearbeiten` }).click();
    await expect(mine).toBeVisible();
    await expect(theirs.getByText('Admin_Nova bearbeitet diesen Eintrag gerade.')).toBeVisible();
    await first.close();
    await expect(theirs.getByText('bearbeitet diesen Eintrag gerade')).toBeHidden();
  } finally {
    await second.context().close();
  }
});

test('a new audit entry appears on top of the first page without a reload, announced politely; axe in both themes', async ({
  asRole,
}) => {
  const viewer = await asRole('admin');
  const name = uniqueName();
  await viewer.goto(`${LOG}?ziel=${encodeURIComponent(name)}`);
  await expect(viewer.getByRole('heading', { level: 1, name: 'Audit-Log' })).toBeVisible();
  await expect(viewer.getByText('Keine Einträge für diese Filter.')).toBeVisible();
  const address = viewer.url();

  const editor = await asRole('admin');
  await editor.goto(WANTED);
  await createRow(editor, name);

  const live = viewer.getByRole('row').filter({ hasText: `„${name}“` });
  await expect(live).toBeVisible();
  await expect(live.getByText('Neu', { exact: true })).toBeVisible();
  await expect(viewer.getByText('1 Einträge')).toBeVisible();
  // Said to screen readers, politely; the filter and the address stay.
  await expect(viewer.locator('[aria-live="polite"]').filter({ hasText: 'Neuer Eintrag:' })).toContainText(
    `„${name}“`,
  );
  expect(viewer.url()).toBe(address);
  await expect(viewer.getByLabel('Ziel oder Stichwort')).toHaveValue(name);
  await expectNoSeriousAxe(viewer);
});

test('on a later page new entries are counted ("1 neuer Eintrag") instead of moving rows', async ({
  asRole,
}) => {
  const viewer = await asRole('admin');
  const name = uniqueName();
  await viewer.goto(`${LOG}?ziel=${encodeURIComponent(name)}&seite=2`);
  await expect(viewer.getByRole('heading', { level: 1, name: 'Audit-Log' })).toBeVisible();
  await expect(viewer.getByText('Keine Einträge für diese Filter.')).toBeVisible();

  const editor = await asRole('admin');
  await editor.goto(WANTED);
  await createRow(editor, name);

  const count = viewer.getByRole('button', { name: '1 neuer Eintrag' });
  await expect(count).toBeVisible();
  await expect(viewer.getByText('Keine Einträge für diese Filter.')).toBeVisible();
  await count.click();
  await expect(viewer.getByRole('row').filter({ hasText: `„${name}“` })).toBeVisible();
  expect(new URL(viewer.url()).searchParams.get('seite')).toBeNull();
  await expect(viewer.getByRole('button', { name: '1 neuer Eintrag' })).toBeHidden();
});
