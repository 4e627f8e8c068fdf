// The contract's schemas the login page needs only once an answer arrives (a running session,
// a login or a registration): loaded on demand by `loadAuthSchemas`, so zod stays out of the
// login page's first chunk.
export { authEndpoints, SessionInfoSchema } from '@app/contract';
