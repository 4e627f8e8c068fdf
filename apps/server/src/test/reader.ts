import { endpoints as api } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { callAs } from './app.ts';

/** A logged-in trader as `registerAndLogin` returns it. */
export interface Trader {
  cookie: string;
  userid: string;
}

/** Creates a local channel for the trader's bot; returns its idNum. */
export async function createChannel(app: FastifyInstance, who: Trader, name: string) {
  const res = await callAs(app, who.cookie, api.createInboxChannel, {
    body: { userid: who.userid, name },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { idNum: string }).idNum;
}

/** Saves the chat list with exactly these chats. */
export async function subscribe(
  app: FastifyInstance,
  who: Trader,
  chats: { idNum: string; name: string }[],
) {
  const res = await callAs(app, who.cookie, api.saveChatList, {
    query: { userid: who.userid },
    body: chats.map((c) => ({ ...c, userid: who.userid })),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Posts a message to a local channel. */
export async function post(app: FastifyInstance, who: Trader, idNum: string, text: string) {
  const res = await callAs(app, who.cookie, api.postInboxMessage, {
    body: { userid: who.userid, idNum, text },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { messageId: number }).messageId;
}

/** The bot's signals as GET /signals answers them. */
export async function signalsOf(app: FastifyInstance, who: Trader, idNum?: string) {
  const res = await callAs(app, who.cookie, api.listSignals, {
    query: { userid: who.userid, ...(idNum ? { idNum } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>[];
}
