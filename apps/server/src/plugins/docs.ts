import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the same zod schemas that validate requests. Registered
 * before any route so @fastify/swagger sees them all; served as JSON (no UI bundle to ship).
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Copybot panel API',
        description:
          'Every call of the panel (SPEC §7). Errors answer `{ error: { code, message, fields? } }`.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sid',
            description: 'Set by POST /api/botlogin; named __Host-sid over https.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
}

/** Serves the document; call after every route is registered. */
export function registerDocsRoutes(app: FastifyInstance): void {
  for (const url of ['/api/docs', '/api/docs/json']) {
    app.get(url, { schema: { hide: true } }, async () => app.swagger());
  }
}
