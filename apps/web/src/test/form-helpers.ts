import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Replaces what an input holds, as a person would: clear it, then type (nothing for ''). */
export async function retype(user: UserEvent, input: HTMLElement | string, text: string) {
  const element = typeof input === 'string' ? screen.getByLabelText(input) : input;
  await user.clear(element);
  if (text !== '') await user.type(element, text);
}

/** The stake column of a preview's stake table (a table element or its accessible name). */
export function stakesOf(table: HTMLElement | string): string[] {
  const element = typeof table === 'string' ? screen.getByRole('table', { name: table }) : table;
  return within(element)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.children[2]?.textContent ?? '');
}
