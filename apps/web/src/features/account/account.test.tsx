import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, currentPath, renderApp } from '../../test/render-app.tsx';

async function openAccount(extra = {}) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'POST /api/password': { body: { ok: true } },
    'POST /api/logoutall': { body: { ok: true } },
    ...extra,
  });
  const view = await renderApp('/conta');
  await screen.findByRole('heading', { name: 'Minha conta' });
  const field = (label: string) => screen.getByLabelText(label);
  return { server, ...view, field };
}

type User = Awaited<ReturnType<typeof openAccount>>['user'];

async function fillValid(user: User, field: (label: string) => HTMLElement) {
  await user.type(field('Senha atual'), 'antiga123');
  await user.type(field('Nova senha'), 'nova-senha9');
  await user.type(field('Confirme a nova senha'), 'nova-senha9');
}

const submit = () => screen.getByRole('button', { name: 'Alterar senha' });

describe('account: change password', () => {
  it('is reachable from the drawer', async () => {
    fakeServer({ 'GET /api/session': { body: ana } });
    const { user } = await renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Navegação' });
    await user.click(within(nav).getByRole('link', { name: 'Minha conta' }));
    expect(await screen.findByRole('heading', { name: 'Minha conta' })).toBeInTheDocument();
    expect(currentPath()).toBe('/conta');
  });

  it('shows the registration rules on blur and keeps submit disabled until they pass', async () => {
    const { user, field, server } = await openAccount();
    expect(submit()).toBeDisabled();
    await user.click(field('Senha atual'));
    await user.tab();
    expect(await screen.findByText('Informe a senha atual.')).toBeInTheDocument();
    await user.type(field('Nova senha'), 'curta');
    await user.tab();
    expect(
      await screen.findByText('A senha precisa ter pelo menos 8 caracteres.'),
    ).toBeInTheDocument();
    await user.type(field('Confirme a nova senha'), 'outra');
    await user.tab();
    expect(
      await screen.findByText('A confirmação de senha é diferente da senha digitada.'),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    expect(server.to('POST /api/password')).toHaveLength(0);
  });

  it('sends the current and the new password (trimmed), then says other devices were logged out', async () => {
    const { user, field, server } = await openAccount();
    await user.type(field('Senha atual'), 'antiga123');
    await user.type(field('Nova senha'), 'nova-senha9 ');
    await user.type(field('Confirme a nova senha'), 'nova-senha9');
    await user.click(submit());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Senha alterada. Os outros dispositivos foram desconectados.',
    );
    expect(server.to('POST /api/password')[0]?.body).toEqual({
      current: 'antiga123',
      password: 'nova-senha9',
    });
    // Passwords are never kept on screen after the change.
    expect(field('Senha atual')).toHaveValue('');
    expect(field('Nova senha')).toHaveValue('');
    expect(currentPath()).toBe('/conta');
  });

  it('says the current password is wrong, on its field, not "e-mail or password"', async () => {
    const { user, field } = await openAccount({
      'POST /api/password': errorReply(401, 'auth.errors.invalidCredentials'),
    });
    await fillValid(user, field);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('A senha atual está incorreta.');
    expect(screen.queryByText('E-mail ou senha incorretos.')).not.toBeInTheDocument();
    expect(field('Senha atual')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows "too many attempts" on a 429', async () => {
    const { user, field } = await openAccount({
      'POST /api/password': errorReply(429, 'errors.rateLimited'),
    });
    await fillValid(user, field);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Tente novamente mais tarde.',
    );
  });

  it("shows the server's weak-password answer on the new password's field", async () => {
    const { user, field } = await openAccount({
      'POST /api/password': errorReply(400, 'errors.invalidInput', {
        password: 'register.errors.passwordShort',
      }),
    });
    await fillValid(user, field);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Alguns campos são inválidos.');
    expect(screen.getByText('A senha precisa ter pelo menos 8 caracteres.')).toBeInTheDocument();
    expect(field('Nova senha')).toHaveAttribute('aria-invalid', 'true');
  });

  it('speaks English too', async () => {
    const { user, field } = await openAccount({
      'POST /api/password': errorReply(401, 'auth.errors.invalidCredentials'),
    });
    await i18n.changeLanguage('en-US');
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'antiga123');
    await user.type(screen.getByLabelText('New password'), 'nova-senha9');
    await user.type(screen.getByLabelText('Confirm the new password'), 'nova-senha9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The current password is incorrect.',
    );
    expect(field('Current password')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('account: log out of all devices', () => {
  it('asks first; cancelling sends nothing', async () => {
    const { user, server } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Sair de todos os dispositivos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sair de todos os dispositivos?' });
    expect(dialog).toHaveTextContent(
      'Todos os aparelhos, inclusive este, precisarão entrar de novo com e-mail e senha.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(server.to('POST /api/logoutall')).toHaveLength(0);
    expect(currentPath()).toBe('/conta');
  });

  it('ends every session, clears storage and lands on the login page', async () => {
    const { user, server } = await openAccount();
    localStorage.setItem('anything', 'x');
    await user.click(screen.getByRole('button', { name: 'Sair de todos os dispositivos' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sair de todos' }));
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(server.to('POST /api/logoutall')).toHaveLength(1);
    expect(localStorage.length).toBe(0);
  });

  it('stays logged in and says why when the server fails', async () => {
    const { user } = await openAccount({
      'POST /api/logoutall': errorReply(500, 'errors.internal'),
    });
    await user.click(screen.getByRole('button', { name: 'Sair de todos os dispositivos' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sair de todos' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Algo deu errado do nosso lado.');
    expect(currentPath()).toBe('/conta');
  });

  it('in Spanish, the dialog asks in Spanish', async () => {
    const { user } = await openAccount();
    await i18n.changeLanguage('es-ES');
    await user.click(
      await screen.findByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }),
    );
    expect(
      await screen.findByRole('dialog', { name: '¿Cerrar sesión en todos los dispositivos?' }),
    ).toBeInTheDocument();
  });
});
