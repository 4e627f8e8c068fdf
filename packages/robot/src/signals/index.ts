// Public API of the signals folder (ROBOT.md §8).
export {
  channelSignalSettingsFromCard,
  DEFAULT_CHANNEL_SIGNAL_SETTINGS,
  parseSeconds,
  splitWordList,
  type ChannelCardSignalFields,
  type ChannelSignalSettings,
} from './channel-settings.ts';
export { foldText } from './fold-text.ts';
export { MAX_LEAD_MS, parseSignal, signalInstantMs, signalKey } from './parse-signal.ts';
export type { ClockTime } from './scan-line.ts';
export type {
  ParseSignalContext,
  ParseSignalResult,
  Rejection,
  RejectionReason,
  Signal,
  SignalDirection,
} from './types.ts';
