import { GET_ID_URL } from '@app/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { currentPath, renderApp } from '../../test/render-app.tsx';

const loggedOut = { 'GET /api/session': errorReply(401, 'errors.unauthenticated') };

async function openRegistration(path = '/cadastrar', extra = {}) {
  const server = fakeServer({ ...loggedOut, ...extra });
  const view = await renderApp(path);
  await screen.findByRole('heading', { name: 'Cadastro' });
  const field = (label: string) => screen.getByLabelText(label);
  return { server, ...view, field };
}

async function fillValid(
  user: Awaited<ReturnType<typeof openRegistration>>['user'],
  field: (l: string) => HTMLElement,
) {
  await user.type(field('E-mail'), 'ana@example.com');
  await user.type(field('Senha'), 'segredo123');
  await user.type(field('Confirme a senha'), 'segredo123');
  await user.type(field('ID do Telegram'), '5550001');
}

describe('registration', () => {
  it('shows each field error on blur, not before', async () => {
    const { user, field } = await openRegistration();
    await user.click(field('E-mail'));
    expect(screen.queryByText('O campo de e-mail não pode ficar vazio!')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('O campo de e-mail não pode ficar vazio!')).toBeInTheDocument();

    await user.type(field('Senha'), 'curta');
    await user.tab();
    expect(
      await screen.findByText('A senha precisa ter pelo menos 8 caracteres.'),
    ).toBeInTheDocument();

    await user.type(field('Confirme a senha'), 'outra');
    await user.tab();
    expect(
      await screen.findByText('A confirmação de senha é diferente da senha digitada.'),
    ).toBeInTheDocument();

    await user.click(field('ID do Telegram'));
    await user.tab();
    expect(await screen.findByText('Informe o seu ID do Telegram.')).toBeInTheDocument();
    await user.type(field('ID do Telegram'), 'abc');
    expect(
      await screen.findByText('O ID do Telegram tem apenas números (2 a 20 dígitos).'),
    ).toBeInTheDocument();
  });

  it('keeps submit disabled while a field is empty or wrong', async () => {
    const { user, field } = await openRegistration();
    const submit = screen.getByRole('button', { name: 'Cadastrar' });
    expect(submit).toBeDisabled();
    await fillValid(user, field);
    expect(submit).toBeEnabled();
    await user.clear(field('Confirme a senha'));
    await user.type(field('Confirme a senha'), 'segredo12');
    expect(submit).toBeDisabled();
  });

  it('shows the get-id link only while the id is empty', async () => {
    const { user, field } = await openRegistration();
    const link = screen.getByRole('link', { name: /Obtenha aqui/ });
    expect(link).toHaveAttribute('href', GET_ID_URL);
    expect(link).toHaveAttribute('target', '_blank');
    await user.type(field('ID do Telegram'), '55');
    expect(screen.queryByRole('link', { name: /Obtenha aqui/ })).not.toBeInTheDocument();
  });

  it('prefills the id from the query string and stores a different seller id', async () => {
    const { field } = await openRegistration('/cadastrar?userid=5550001&sellerid=777');
    expect(field('ID do Telegram')).toHaveValue('5550001');
    expect(screen.queryByRole('link', { name: /Obtenha aqui/ })).not.toBeInTheDocument();
    expect(localStorage.getItem('sellerID')).toBe('777');
  });

  it('does not store a seller id equal to the user id', async () => {
    await openRegistration('/cadastrar?userid=5550001&sellerid=5550001');
    expect(localStorage.getItem('sellerID')).toBeNull();
  });

  it.each([
    ['register.errors.userExist', 'Email já cadastrado'],
    ['register.errors.botExist', 'ID já cadastrado'],
  ])('shows the text of %s', async (code, text) => {
    const { user, field } = await openRegistration('/cadastrar', {
      'POST /api/botregister': errorReply(409, code),
    });
    await fillValid(user, field);
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('shows "Erro no cadastro" for any other failure', async () => {
    const { user, field } = await openRegistration('/cadastrar', {
      'POST /api/botregister': errorReply(500, 'errors.internal'),
    });
    await fillValid(user, field);
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro no cadastro');
  });

  it('sends traderid = userid and the seller id, then shows "Cadastro ok!" on the login screen with the e-mail filled in', async () => {
    const { user, field, server } = await openRegistration('/cadastrar?sellerid=777', {
      'POST /api/botregister': { body: { userid: '5550001', traderid: '5550001' } },
    });
    await fillValid(user, field);
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(/^Cadastro ok!/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    // The login screen opens with the e-mail just registered: only the password to type.
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@example.com');
    expect(currentPath()).toBe('/');
    expect(server.to('POST /api/botregister')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'segredo123',
      userid: '5550001',
      traderid: '5550001',
      sellerid: '777',
    });
  });

  it('sends the password trimmed, as login does: "segredo123 " registers "segredo123"', async () => {
    const { user, field, server } = await openRegistration('/cadastrar', {
      'POST /api/botregister': { body: { userid: '5550001', traderid: '5550001' } },
    });
    await user.type(field('E-mail'), 'ana@example.com');
    await user.type(field('Senha'), 'segredo123 ');
    await user.type(field('Confirme a senha'), 'segredo123');
    await user.type(field('ID do Telegram'), '5550001');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(/^Cadastro ok!/)).toBeInTheDocument();
    expect(server.to('POST /api/botregister')[0]?.body).toMatchObject({ password: 'segredo123' });
  });
});
