import { ErrorCode } from '@app/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { envelope, HttpError } from '../lib/http-error.ts';

/** Codes for the 4xx that Fastify itself raises (bad JSON, body too large, wrong content type…). */
function codeForStatus(status: number): string {
  switch (status) {
    case 401:
      return ErrorCode.unauthenticated;
    case 403:
      return ErrorCode.forbidden;
    case 404:
      return ErrorCode.notFound;
    case 429:
      return ErrorCode.rateLimited;
    default:
      return ErrorCode.invalidInput;
  }
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

/**
 * One envelope for every failure (DESIGN §3). Client mistakes keep their 4xx status; anything
 * else is our bug: logged in full, answered 500 `errors.internal` without details.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .send(envelope(err.code, err.fields, err.message, err.params));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send(envelope(codeForStatus(status), undefined, FRAMEWORK_MESSAGES[err.code]));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(envelope(ErrorCode.internal));
  });
}
