import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode } from '@app/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelope, HttpError } from '../lib/http-error.ts';
import { canonicalPanelUrl } from './static.ts';

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
  FST_ERR_BAD_URL: 'The address is not valid.',
};

/** A framework 403 (a file path the static server will not serve), not the API's ownership 403. */
const NOT_SERVED_MESSAGE = 'This address is not served.';

/**
 * One envelope for every failure (DESIGN §3). Client mistakes keep their 4xx status; anything
 * else is our bug: logged in full, answered 500 `errors.internal` without details.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .send(envelope(err.code, err.fields, err.message, err.limits, err.params));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Our own 403s are HttpErrors; this one is the static files' refusal of a path like
      // `//geralconfig`: the page meant, or an answer that is not about robots.
      if (status === 403) {
        const canonical = canonicalPanelUrl(req.method, req.url);
        if (canonical !== null) return reply.redirect(canonical, 308);
      }
      const message =
        FRAMEWORK_MESSAGES[err.code] ?? (status === 403 ? NOT_SERVED_MESSAGE : undefined);
      return reply.code(status).send(envelope(codeForStatus(status), undefined, message));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(envelope(ErrorCode.internal));
  });
}

/**
 * Errors Fastify raises before routing (a URL that is not valid percent-encoding…): the same
 * envelope, 400. Passed as Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(
  err: FastifyError,
  _req: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply
    .code(400)
    .send(envelope(ErrorCode.invalidInput, undefined, FRAMEWORK_MESSAGES[err.code]));
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
};

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers too large, malformed
 * HTTP): written straight to the socket, in the envelope. Passed as `clientErrorHandler`.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, message } = CLIENT_ERRORS[err.code ?? ''] ?? {
    status: 400,
    message: 'The request is not valid HTTP.',
  };
  const body = JSON.stringify(envelope(ErrorCode.invalidInput, undefined, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
      body,
  );
}
