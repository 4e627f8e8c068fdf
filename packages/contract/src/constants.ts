/** Business constants and timings of SPEC §9. */

/** Success notices hide after this (most forms). */
export const NOTICE_MS = 2000;
/** Redirect to `/copysignals` after a phone is added. */
export const PHONE_REDIRECT_MS = 1000;
/** Redirect after the channel list is saved or updated. */
export const CHANNEL_LIST_REDIRECT_MS = 2000;
/** The buy screen's error toast hides after this. */
export const BUY_TOAST_MS = 6000;
/** The channel list fades in over this. */
export const CHANNEL_LIST_FADE_MS = 1000;
/** The drawer's width when open. */
export const DRAWER_WIDTH_PX = 240;
/** Grid column width range of card grids (1 to 4 columns by viewport width). */
export const GRID_COLUMN_MIN_PX = 260;
export const GRID_COLUMN_MAX_PX = 275;
/** The broker id used when none is stored. */
export const DEFAULT_BROKER_ID = 1;

/** Browser-storage keys of the non-secret session ids (SPEC §3 "Session", DESIGN §5). */
export const STORAGE_KEYS = {
  userId: 'userId',
  traderId: 'traderId',
  email: 'email',
  botIDs: 'botIDs',
  brokerID: 'brokerID',
  sellerID: 'sellerID',
} as const;

/** Where the registration screen sends a trader who does not know their messaging-app id. */
export const GET_ID_URL = 'https://t.me/userinfobot';
