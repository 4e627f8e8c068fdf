/**
 * Method and path of the endpoints the login page calls before anything else (the session check,
 * login, registration). Kept free of zod so the panel's first chunk can call them without the
 * contract's schemas (the login page's weight); `authEndpoints` builds its rows from
 * these, so each path is still written once.
 */
export const AUTH_ROUTES = {
  botLogin: { method: 'POST', path: '/botlogin' },
  botRegister: { method: 'POST', path: '/botregister' },
  session: { method: 'GET', path: '/session' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: `/${string}` }>;
