import { act, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './app/router.tsx';
import { SessionStore } from './lib/session.ts';
import { prerender } from './prerender.tsx';

describe('the login page rendered at build time', () => {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it('is the login form in the language asked for, taking no input until hydrated', async () => {
    const { html } = await prerender('/', 'en-US');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const page = within(container);
    expect(page.getByLabelText('Password')).toBeDisabled();
    expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
    expect(page.getByRole('button', { name: 'English (US)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The browser's first render takes over the same elements, with no mismatch, and the form
    // then takes input.
    const form = container.querySelector('form');
    const errors: unknown[] = [];
    const session = new SessionStore();
    session.startLoggedOut();
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App sessionStore={session} />
        </StrictMode>,
        { onRecoverableError: (error) => errors.push(error) },
      );
      await Promise.resolve();
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('form')).toBe(form);
    expect(screen.getByLabelText('Password')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });
});
