import type { PurchasesTable } from '../../db/schema.ts';
import { acceptedLanguageTags, firstSupported } from '../../lib/panel-language.ts';

type Lang = 'pt-BR' | 'en-US' | 'es-ES';

const TEXT: Record<Lang, Record<string, string>> = {
  'pt-BR': {
    title: 'Pagamento local',
    note: 'Provedor de pagamento local: nenhum dinheiro é cobrado. Use para testes e demonstrações.',
    plan: '{bots} bot(s), {days} dias',
    pay: 'Pagar',
    decline: 'Recusar',
    waiting: 'Aguardando pagamento',
    paid: 'Pagamento confirmado',
    failed: 'Pagamento recusado',
    expired: 'Pagamento expirado',
    back: 'Ver o estado do pagamento',
  },
  'en-US': {
    title: 'Local payment',
    note: 'Local payment provider: no money is charged. Use it for tests and demos.',
    plan: '{bots} bot(s), {days} days',
    pay: 'Pay',
    decline: 'Decline',
    waiting: 'Waiting for payment',
    paid: 'Payment confirmed',
    failed: 'Payment declined',
    expired: 'Payment expired',
    back: 'See the payment state',
  },
  'es-ES': {
    title: 'Pago local',
    note: 'Proveedor de pago local: no se cobra dinero. Úselo para pruebas y demostraciones.',
    plan: '{bots} bot(s), {days} días',
    pay: 'Pagar',
    decline: 'Rechazar',
    waiting: 'Esperando el pago',
    paid: 'Pago confirmado',
    failed: 'Pago rechazado',
    expired: 'Pago vencido',
    back: 'Ver el estado del pago',
  },
};

/** The page's language from Accept-Language (pt, en, es; pt-BR the fallback, like the panel). */
export function pageLanguage(acceptLanguage: string | undefined): Lang {
  return firstSupported(acceptedLanguageTags(acceptLanguage));
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#121212;color:#eee;margin:0;padding:24px 16px}
main{max-width:420px;margin:0 auto;background:#1e1e1e;border-radius:8px;padding:24px}
h1{font-size:1.4rem;margin:0 0 16px}.amount{font-size:2rem;font-weight:700;margin:8px 0}
.note{color:#aaa;font-size:.9rem}.row{display:flex;gap:12px;margin-top:24px;flex-wrap:wrap}
button{flex:1;min-width:120px;font-size:1rem;padding:12px;border:0;border-radius:6px;cursor:pointer}
.pay{background:#90caf9;color:#000}.decline{background:#424242;color:#fff}
a{color:#90caf9}.state{font-weight:600;margin-top:16px}`;

/**
 * The local provider's checkout page: plain HTML, no script (the CSP allows none
 * inline), two same-origin forms (Pay, Decline) posting to this page's address.
 */
export function checkoutPage(purchase: PurchasesTable, acceptLanguage: string | undefined): string {
  const lang = pageLanguage(acceptLanguage);
  const t = TEXT[lang];
  const tr = (key: string): string => escapeHtml(t[key] ?? key);
  const amount = new Intl.NumberFormat(lang, {
    style: 'currency',
    currency: purchase.currency === 'usd' ? 'USD' : 'BRL',
  }).format(Number(purchase.amount_cents) / 100);
  const plan = (t.plan ?? '')
    .replace('{bots}', String(purchase.bots))
    .replace('{days}', String(purchase.days));
  const id = encodeURIComponent(purchase.id);
  const action = `/pay/local/${id}`;
  const actions =
    purchase.state === 'waiting'
      ? `<div class="row">
<form method="post" action="${action}"><input type="hidden" name="outcome" value="paid"><button class="pay" type="submit">${tr('pay')}</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="failed"><button class="decline" type="submit">${tr('decline')}</button></form>
</div>`
      : `<p class="state">${tr(purchase.state)}</p><p><a href="/paymentok?purchase=${id}">${tr('back')}</a></p>`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${tr('title')}</title><style>${STYLE}</style></head>
<body><main>
<h1>${tr('title')}</h1>
<p>${escapeHtml(plan)}</p>
<p class="amount">${escapeHtml(amount)}</p>
<p class="note">${tr('note')}</p>
${actions}
</main></body></html>`;
}
