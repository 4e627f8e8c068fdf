// Public API of the record folder: a channel's verified record and its claimed results.
export {
  CLAIM_WINDOW_MS,
  hitRatePct,
  matchClaims,
  readClaim,
  scoreSignal,
  summarizeRecord,
  type Claim,
  type RecordEntry,
  type RecordPrice,
  type RecordSignal,
  type RecordSummary,
  type RecordTally,
  type Verdict,
} from './record.ts';
