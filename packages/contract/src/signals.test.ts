import { describe, expect, it } from 'vitest';
import { InboxPostSchema, NewInboxChannelSchema } from './inbox.ts';
import { RobotMessageSchema } from './robot-message.ts';
import { SignalTestInputSchema, SignalsListQuerySchema } from './signals.ts';

describe('RobotMessageSchema', () => {
  it('accepts a key with plain params, money in cents and code lists', () => {
    const message = {
      key: 'robot.reply.score',
      params: { wins: 2, stakeCents: 150, ok: true, levels: [1, 2], reason: null },
    };
    expect(RobotMessageSchema.parse(message)).toEqual(message);
  });

  it('refuses a JSON string in place of the message and nested objects as params', () => {
    expect(RobotMessageSchema.safeParse('{"key":"robot.reply.on","params":{}}').success).toBe(
      false,
    );
    expect(
      RobotMessageSchema.safeParse({ key: 'robot.reply.on', params: { a: { b: 1 } } }).success,
    ).toBe(false);
  });
});

describe('inbox and signals inputs', () => {
  it('trims a local channel name and drops apostrophes like the chat list does', () => {
    expect(NewInboxChannelSchema.parse({ userid: '123', name: "  Sala d'Ouro " }).name).toBe(
      'Sala dOuro',
    );
  });

  it('names the problem of an empty channel name or message with a catalogue key', () => {
    const name = NewInboxChannelSchema.safeParse({ userid: '123', name: '  ' });
    expect(name.error?.issues[0]?.message).toBe('inbox.errors.nameRequired');
    const post = InboxPostSchema.safeParse({ userid: '123', idNum: 'inbox-1', text: ' \n ' });
    expect(post.error?.issues[0]?.message).toBe('inbox.errors.textRequired');
    const test = SignalTestInputSchema.safeParse({ userid: '123', idNum: 'inbox-1', text: '' });
    expect(test.error?.issues[0]?.message).toBe('signals.errors.textRequired');
  });

  it('lists 50 signals unless asked, at most 200', () => {
    expect(SignalsListQuerySchema.parse({ userid: '123' }).limit).toBe(50);
    expect(SignalsListQuerySchema.safeParse({ userid: '123', limit: '201' }).success).toBe(false);
  });
});
