import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, currentPath, renderApp } from '../../test/render-app.tsx';

const loggedOut = { 'GET /api/session': errorReply(401, 'errors.unauthenticated') };

describe('login', () => {
  it('shows the fill-correctly message in red and sends nothing when a field is empty', async () => {
    const server = fakeServer(loggedOut);
    const { user } = await renderApp('/');
    await user.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Favor insira os dados corretamente!!');
    expect(alert.className).toMatch(/Error/);
    expect(server.to('POST /api/botlogin')).toHaveLength(0);
  });

  it('counts blank input as empty', async () => {
    fakeServer(loggedOut);
    const { user } = await renderApp('/auth');
    await user.type(await screen.findByLabelText('E-mail'), '   ');
    await user.type(screen.getByLabelText('Senha'), '   ');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Favor insira os dados corretamente!!',
    );
  });

  it('sends trimmed values and shows the invalid-credentials text when the server refuses', async () => {
    const server = fakeServer({
      ...loggedOut,
      'POST /api/botlogin': errorReply(401, 'auth.errors.invalidCredentials'),
    });
    const { user } = await renderApp('/');
    await user.type(await screen.findByLabelText('E-mail'), '  ana@example.com ');
    await user.type(screen.getByLabelText('Senha'), ' segredo123 {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou senha incorretos.');
    expect(server.to('POST /api/botlogin')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'segredo123',
    });
    expect(server.to('POST /api/botlogin')[0]?.credentials).toBe('same-origin');
  });

  it('shows the rate-limit text on 429', async () => {
    fakeServer({ ...loggedOut, 'POST /api/botlogin': { status: 429 } });
    const { user } = await renderApp('/');
    await user.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo123{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Tente novamente mais tarde.',
    );
  });

  it('stores the ids, never the password, and opens the home when it succeeds', async () => {
    fakeServer({ ...loggedOut, 'POST /api/botlogin': { body: ana } });
    const { user } = await renderApp('/auth');
    await user.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Configurar' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(localStorage.getItem('userId')).toBe('5550001');
    expect(localStorage.getItem('traderId')).toBe('5550001');
    expect(localStorage.getItem('email')).toBe('ana@example.com');
    expect(JSON.parse(localStorage.getItem('botIDs') ?? '[]')).toEqual(ana.botIDs);
    const stored = [
      ...Object.values({ ...localStorage }),
      ...Object.values({ ...sessionStorage }),
    ].join(' ');
    expect(stored).not.toContain('segredo123');
    expect(localStorage.getItem('password')).toBeNull();
  });

  it('restores the session from the server at start-up', async () => {
    fakeServer({ 'GET /api/session': { body: ana } });
    await renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Configurar' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('userId')).toBe('5550001'));
  });

  it('links to the registration screen', async () => {
    fakeServer(loggedOut);
    const { user } = await renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Criar conta' }));
    expect(await screen.findByRole('heading', { name: 'Cadastro' })).toBeInTheDocument();
    expect(currentPath()).toBe('/cadastrar');
  });
});
