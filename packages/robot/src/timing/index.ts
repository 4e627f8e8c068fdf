// Public API of the timing folder (ROBOT.md §9).
export {
  ceilToMinuteMs,
  floorToMinuteMs,
  ENTRY_LEAD_MS,
  nextCandleOpenMs,
  planEntry,
  timingOfChannelType,
  type EntryPlan,
  type EntryTimingInput,
  type GaleSchedule,
  type OrderWindow,
} from './entry-timing.ts';
