import legacy from './deriv-schemas.json' with { type: 'json' };
import type { JsonSchema } from './json-schema.ts';

/**
 * The shapes of Deriv's new API (developers.deriv.com), for the schema test of the fake. Deriv
 * publishes them as its per-call pages and a migration guide (`/migration/<call>`, `/comparison/`)
 * that says, call by call, what changed from the legacy v3 schemas; the digest of those
 * (`deriv-schemas.json`) is taken and each documented change applied here. The REST answers come
 * from the Options setup pages (`/llms/get-accounts.md`, `/docs/options/get-accounts/`):
 * `{ data, meta }`, errors `{ errors: [{ status, code, message }], meta }`. Calls the new API does
 * not document (`website_status`, `authorize`: an OTP socket is authorised by its URL) have no
 * shape: a message of theirs is a finding.
 */

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const receiveLegacy = legacy.receive as Record<string, JsonSchema>;
const sendLegacy = legacy.send as Record<string, JsonSchema>;

/** `schema.properties[name]`, which the legacy digest has (else the digest changed: fail loudly). */
function prop(schema: JsonSchema, name: string): JsonSchema {
  const found = schema.properties?.[name];
  if (!found) throw new Error(`the legacy digest has no "${name}" here`);
  return found;
}

function drop(schema: JsonSchema, ...names: string[]): void {
  for (const name of names) {
    delete schema.properties?.[name];
    schema.required = schema.required?.filter((r) => r !== name);
  }
}

function need(schema: JsonSchema, ...names: string[]): void {
  schema.required = [...new Set([...(schema.required ?? []), ...names])];
}

const NUMBER_OR_STRING = ['number', 'string'];

function newReceive(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  // balance: "Multi-account support removed": no `accounts`, no `total`.
  const balance = clone(receiveLegacy.balance!);
  drop(prop(balance, 'balance'), 'accounts', 'total');
  out.balance = balance;

  // buy: "buy object now required in response".
  const buy = clone(receiveLegacy.buy!);
  need(buy, 'buy');
  out.buy = buy;

  // contracts_for: the currency parameter and market data fields are gone from it; the
  // answer's contract list keeps its legacy shape.
  out.contracts_for = clone(receiveLegacy.contracts_for!);

  // proposal: "Response proposal object now required; required fields reduced from 8 to just
  // id. Some response field types changed to accept both numbers and strings."
  const proposal = clone(receiveLegacy.proposal!);
  need(proposal, 'proposal');
  const quote = prop(proposal, 'proposal');
  quote.required = ['id'];
  for (const name of ['ask_price', 'payout', 'spot']) prop(quote, name).type = NUMBER_OR_STRING;
  out.proposal = proposal;

  // proposal_open_contract: required contract_id, contract_type, currency; bid_price,
  // buy_price, current_spot, profit string | number; payout always a string; sell_price null |
  // string.
  const poc = clone(receiveLegacy.proposal_open_contract!);
  const contract = prop(poc, 'proposal_open_contract');
  need(contract, 'contract_id', 'contract_type', 'currency');
  for (const name of ['bid_price', 'buy_price', 'current_spot', 'profit']) {
    prop(contract, name).type = NUMBER_OR_STRING;
  }
  prop(contract, 'payout').type = 'string';
  prop(contract, 'sell_price').type = ['null', 'string'];
  out.proposal_open_contract = poc;

  // statement: app_id, fees, from and to removed from transactions; action_type any string;
  // the statement's fields required.
  const statement = clone(receiveLegacy.statement!);
  need(statement, 'statement');
  const transaction = prop(prop(statement, 'statement'), 'transactions').items!;
  drop(transaction, 'app_id', 'fees', 'from', 'to');
  delete prop(transaction, 'action_type').enum;
  out.statement = statement;

  out.forget = clone(receiveLegacy.forget!);
  return out;
}

function newSend(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  // Every call: "loginid removed from requests".
  for (const name of ['balance', 'buy', 'proposal_open_contract', 'contracts_for', 'proposal']) {
    const schema = clone(sendLegacy[name]!);
    drop(schema, 'loginid');
    out[name] = schema;
  }
  drop(out.balance!, 'account');
  drop(out.contracts_for!, 'currency');
  // proposal: `symbol` renamed `underlying_symbol`; barrier_range, product_type, date_start,
  // trade_risk_profile, trading_period_start removed; contract_type any string.
  const proposal = out.proposal!;
  const symbol = prop(proposal, 'symbol');
  drop(proposal, 'symbol', 'barrier_range', 'product_type', 'date_start', 'trade_risk_profile');
  drop(proposal, 'trading_period_start');
  proposal.properties = { ...proposal.properties, underlying_symbol: symbol };
  need(proposal, 'underlying_symbol');
  delete prop(proposal, 'contract_type').enum;
  return out;
}

/** Replies on an OTP socket, by `msg_type`. */
export const NEW_API_RECEIVE = newReceive();
/** Requests on an OTP socket, by call name. */
export const NEW_API_SEND = newSend();

const restError: JsonSchema = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['status', 'code', 'message'],
        properties: {
          status: { type: 'integer' },
          code: { type: 'string' },
          message: { type: 'string' },
        },
      },
    },
    meta: { type: 'object' },
  },
};

/** The REST answers: the Options accounts list, an OTP URL, an error. */
export const NEW_API_REST: Record<'accounts' | 'otp' | 'error', JsonSchema> = {
  accounts: {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'array',
        items: {
          type: 'object',
          required: ['account_id', 'account_type', 'balance', 'currency', 'status'],
          properties: {
            account_id: { type: 'string' },
            account_type: { type: 'string', enum: ['demo', 'real'] },
            balance: { type: ['number', 'string'] },
            currency: { type: 'string' },
            group: { type: 'string' },
            status: { type: 'string', enum: ['active', 'inactive'] },
          },
        },
      },
      meta: { type: 'object' },
    },
  },
  otp: {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        required: ['url'],
        properties: { url: { type: 'string', pattern: '^wss?://.+/trading/v1/options/ws/' } },
      },
      meta: { type: 'object' },
    },
  },
  error: restError,
};
