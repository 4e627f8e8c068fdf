import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers for every answer, and no caching of API answers (they carry account data). */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects <style> elements at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url === '/api' || req.url.startsWith('/api/'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}
