import { DEFAULT_BROKER_ID, STORAGE_KEYS, type BotRef, type SessionInfo } from '@app/contract';

type StorageKey = keyof typeof STORAGE_KEYS;

/** The non-secret ids the panel keeps in localStorage (DESIGN §5). Never the password. */
export const storage = {
  get(key: StorageKey): string | null {
    return localStorage.getItem(STORAGE_KEYS[key]);
  },
  set(key: StorageKey, value: string): void {
    localStorage.setItem(STORAGE_KEYS[key], value);
  },
  remove(key: StorageKey): void {
    localStorage.removeItem(STORAGE_KEYS[key]);
  },
};

/**
 * The stored botIDs list; an unreadable value counts as empty. Checked by hand against
 * `BotRefSchema`'s two strings, not by the schema: this module is in the login page's first
 * chunk, which carries no zod.
 */
export function readBotIds(): BotRef[] {
  const raw = storage.get('botIDs');
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const bots: BotRef[] = [];
    for (const item of parsed as unknown[]) {
      if (typeof item !== 'object' || item === null) return [];
      const { userid, traderid } = item as Record<string, unknown>;
      if (typeof userid !== 'string' || typeof traderid !== 'string') return [];
      bots.push({ userid, traderid });
    }
    return bots;
  } catch {
    return [];
  }
}

/** The stored broker, or the default when none (or nothing valid) is stored. */
export function readBrokerId(): number {
  const value = Number(storage.get('brokerID'));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_BROKER_ID;
}

/**
 * Stores the ids of a session. The bot chosen in the bot selector survives a reload: the stored
 * user id is kept when it is still one of the account's bots, unless `replaceBot` (a fresh login).
 */
export function rememberSession(info: SessionInfo, replaceBot: boolean): void {
  storage.set('email', info.email);
  storage.set('botIDs', JSON.stringify(info.botIDs));
  const current = storage.get('userId');
  const kept = replaceBot ? undefined : info.botIDs.find((bot) => bot.userid === current);
  // A kept bot still takes its trader id from the server: copying rooms may have changed it.
  selectBot(kept ?? { userid: info.userid, traderid: info.traderid });
}

/** Chooses one of the account's bots (the top bar's selector). */
export function selectBot(bot: BotRef): void {
  storage.set('userId', bot.userid);
  storage.set('traderId', bot.traderid);
}

/** Forgets the ids of an ended session; the seller id of a referral link stays for the buy page. */
export function forgetSessionIds(): void {
  for (const key of ['userId', 'traderId', 'email', 'botIDs', 'brokerID'] as const) {
    storage.remove(key);
  }
}

/** Logout (SPEC §2 "Shell"): all browser storage goes. */
export function clearAllStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
}
