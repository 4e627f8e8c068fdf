import { endpoints, ErrorCode, PurchaseIdSchema } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import type { PaymentRegistry } from '../../payments/registry.ts';
import { checkOrigin, route } from '../../plugins/route.ts';
import { resolveSession } from '../../plugins/session.ts';
import { NotificationRetryLaterError } from '../../payments/provider.ts';
import { envelope } from '../../lib/http-error.ts';
import {
  BuyError,
  buyRobot,
  handleNotification,
  payMethods,
  purchaseStatus,
  sellerSales,
} from './buy-robot.service.ts';
import { findPurchase } from './buy-robot.repository.ts';
import { checkoutPage } from './checkout-page.ts';

/** What a notification that could not be checked now asks its provider to wait (seconds). */
const NOTIFY_RETRY_AFTER_SEC = 60;

/** Notification bodies and the checkout page's forms are small. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

function baseUrlOf(publicUrl: string | null, req: FastifyRequest): string {
  if (publicUrl !== null) return publicUrl;
  try {
    // `origin` drops a default port (`localhost:80` → `localhost`).
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    throw new HttpError(400, ErrorCode.invalidInput);
  }
}

/**
 * Buying the robot: the contract's rows (buy, purchase state, methods, seller sales),
 * the providers' notify endpoint and the local provider's checkout page.
 */
export function buyRobotRoutes(app: FastifyInstance, registry: PaymentRegistry): void {
  route(app, endpoints.buyBot, ({ body, session, req }) =>
    buyRobot(
      app.deps,
      registry,
      req.log,
      session.accountId,
      body,
      baseUrlOf(app.deps.publicUrl, req),
    ),
  );
  route(app, endpoints.purchaseStatus, ({ query, req }) =>
    purchaseStatus(app.deps, registry, req.log, query.id),
  );
  route(app, endpoints.payMethods, () => payMethods(registry));
  route(app, endpoints.sellerSales, ({ query }) => sellerSales(app.deps, query.userid));

  // A provider calling, not the panel: no session, no Origin; the provider's own check (a
  // signature over the raw body, or a look-up) authenticates it. The body stays raw text.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.post<{ Params: { provider: string } }>(
      '/api/payments/:provider/notify',
      async (req, reply) => {
        try {
          const result = await handleNotification(app.deps, registry, req.params.provider, {
            rawBody: typeof req.body === 'string' ? req.body : '',
            headers: req.headers,
            query: req.query as Record<string, string | undefined>,
          });
          return { ok: true, result };
        } catch (err) {
          if (!(err instanceof NotificationRetryLaterError)) throw err;
          // One warning line, then 503: Mercado Pago, Stripe and NOWPayments all redeliver a
          // notification not answered 2xx, so the payment lands once the API answers again.
          req.log.warn(
            { provider: err.provider, reason: err.reason },
            'payment notification: provider API unreachable, asked to retry',
          );
          return reply
            .code(503)
            .header('retry-after', String(NOTIFY_RETRY_AFTER_SEC))
            .send(
              envelope(
                BuyError.retryLater,
                undefined,
                'The payment provider could not be reached; deliver this notification again later.',
              ),
            );
        }
      },
    );

    // The local provider's checkout page and its two buttons (same-origin forms).
    scope.get<{ Params: { id: string } }>('/pay/local/:id', async (req, reply) => {
      const purchase = await localPurchase(req, reply);
      return (
        reply
          .header('cache-control', 'no-store')
          // With the site-wide no-referrer, a browser sends `Origin: null` on a form POST, which
          // the Origin check refuses; same-origin lets the two buttons name this site, still
          // leaking nothing to other sites.
          .header('referrer-policy', 'same-origin')
          .type('text/html; charset=utf-8')
          .send(checkoutPage(purchase, req.headers['accept-language']))
      );
    });
    scope.post<{ Params: { id: string } }>(
      '/pay/local/:id',
      { onRequest: checkOrigin },
      async (req, reply) => {
        const purchase = await localPurchase(req, reply);
        const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
        const outcome = form.get('outcome');
        if (outcome !== 'paid' && outcome !== 'failed') {
          throw new HttpError(400, ErrorCode.invalidInput);
        }
        await handleNotification(
          app.deps,
          registry,
          'local',
          registry.local.notification(purchase.id, outcome),
        );
        return reply.redirect(`/paymentok?purchase=${encodeURIComponent(purchase.id)}`, 303);
      },
    );
  });

  /**
   * The local purchase of the page's address, only for the account that made it: the link alone
   * pays nothing. Another account, no session and a local provider that is off
   * all answer the same 404 as an unknown id, so the page tells nobody which purchases exist.
   */
  async function localPurchase(
    req: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
  ) {
    const id = req.params.id;
    const session = await resolveSession(app, req, reply);
    const purchase =
      session !== null &&
      registry.local.methods.length > 0 &&
      PurchaseIdSchema.safeParse(id).success
        ? await findPurchase(app.deps.db, id)
        : undefined;
    if (
      !purchase ||
      purchase.provider !== 'local' ||
      Number(purchase.account_id) !== session?.accountId
    ) {
      throw new HttpError(404, ErrorCode.notFound);
    }
    return purchase;
  }
}
