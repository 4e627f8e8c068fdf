// `fieldLimits` reads a zod schema (`instanceof z.ZodObject`), so it takes zod with it: FormShell
// imports it on demand, only when a screen passed a schema (no zod in the login page).
export { fieldLimits } from '@app/contract';
