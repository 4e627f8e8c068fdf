import { botsEndpoints } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';

/** Bot commands 1 (on) and 2 (off) of SPEC §4. */
const ON = 1;
const OFF = 2;
/** How long the switch waits for the robot to apply the command before showing the real state. */
export const SWITCH_WAIT_MS = 10_000;

/**
 * The on/off switch: sends the bot command and holds the wanted position until the dashboard
 * reports it (`running`), or for {@link SWITCH_WAIT_MS}: then the dashboard's own state and its
 * reason show.
 */
export function useBotSwitch(userid: string, running: boolean | undefined) {
  const [wanted, setWanted] = useState<boolean | null>(null);
  const mutation = useMutation({
    mutationFn: (on: boolean) =>
      api(botsEndpoints.sendBotCommand, { body: { userid, botCmd: on ? ON : OFF } }),
    onMutate: (on) => setWanted(on),
    onError: () => setWanted(null),
  });

  const applied = wanted !== null && running === wanted;
  useEffect(() => {
    if (wanted === null) return undefined;
    if (applied) {
      setWanted(null);
      return undefined;
    }
    const timer = setTimeout(() => setWanted(null), SWITCH_WAIT_MS);
    return () => clearTimeout(timer);
  }, [wanted, applied]);

  return {
    /** The position to draw: the wanted one while the robot has not applied it yet. */
    checked: wanted ?? running ?? false,
    /** A command was sent and the robot has not applied it yet. */
    waiting: wanted !== null && !applied,
    error: mutation.error,
    toggle: (on: boolean) => mutation.mutate(on),
  };
}
