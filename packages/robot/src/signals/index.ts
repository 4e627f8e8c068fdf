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
export {
  checkVocabulary,
  MAX_VOCABULARY_ENTRIES,
  MAX_VOCABULARY_EXPIRY_MIN,
  MAX_VOCABULARY_GALES,
  MAX_VOCABULARY_POSITION,
  MAX_VOCABULARY_WORD_LENGTH,
  type VocabularyCheck,
  type VocabularyError,
  type VocabularyErrorCode,
} from './vocabulary.ts';
export {
  vocabularyImpact,
  type ImpactExample,
  type ImpactKind,
  type ImpactSignal,
  type StoredMessage,
  type VocabularyImpact,
  type VocabularyImpactContext,
} from './vocabulary-impact.ts';
export type {
  ChannelVocabulary,
  DoubtfulLine,
  DoubtReason,
  DoubtToken,
  ParseSignalContext,
  ParseSignalResult,
  Rejection,
  RejectionReason,
  Signal,
  SignalDirection,
  VocabularyEntry,
  VocabularyPosition,
} from './types.ts';
