import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The pointer-events value an element takes from the closest element that declares one, as
 * user-event reads it before a click ('' where no element declares one).
 */
function pointerEventsOf(element: HTMLElement): string {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    const value = getComputedStyle(node).pointerEvents;
    if (value && value !== 'inherit' && value !== 'unset') return value;
  }
  return '';
}

/**
 * The open dialog (or alert dialog) named `name`, once it takes clicks. Radix sets
 * `pointer-events: none` on the body when a modal layer mounts and gives the layer
 * `pointer-events: auto` one render later; a dialog found in its first commit (a loaded machine
 * lets the test go on before React's next render) refuses user-event's clicks with "inherits
 * `pointer-events: none`". Every test that opens a dialog and then works in it finds it here.
 */
export async function findDialog(
  name: string,
  role: 'dialog' | 'alertdialog' = 'dialog',
): Promise<HTMLElement> {
  const dialog = await screen.findByRole(role, { name });
  await waitFor(() => expect(pointerEventsOf(dialog)).not.toBe('none'));
  return dialog;
}
