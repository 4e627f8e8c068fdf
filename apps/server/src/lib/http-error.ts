import { ERROR_MESSAGES, type ErrorCode, type ErrorEnvelope } from '@app/contract';

/**
 * An answer that is not a success, thrown from anywhere in a request; the error handler turns it
 * into the envelope of DESIGN §3. `code` is an i18n key (an ErrorCode or a SPEC §5 message key).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly fields?: Record<string, string>,
    message?: string,
    /** Values the translated text needs (`{ seconds }`). */
    readonly params?: Record<string, string | number>,
  ) {
    super(message ?? ERROR_MESSAGES[code as ErrorCode] ?? code);
    this.name = 'HttpError';
  }
}

/** Builds the envelope; `message` falls back to the code's English text. */
export function envelope(
  code: string,
  fields?: Record<string, string>,
  message?: string,
  params?: Record<string, string | number>,
): ErrorEnvelope {
  return {
    error: {
      code,
      message: message ?? ERROR_MESSAGES[code as ErrorCode] ?? code,
      ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
      ...(params ? { params } : {}),
    },
  };
}
