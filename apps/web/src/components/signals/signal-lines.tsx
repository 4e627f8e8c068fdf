import type { SignalOutcome, SignalRead } from '@app/contract';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../i18n/keys.ts';

/** How the panel words one read line: the signal (entry and expiry on the trader's clock) or why not. */
export function signalText(t: TFunction, line: SignalRead): string {
  if (line.status === 'rejected') {
    return t(dynamicKey(`signals.reasons.${line.reason ?? 'empty'}`));
  }
  const none = t('signals.none');
  return t('signals.read', {
    asset: line.asset ?? none,
    direction: line.direction ? t(dynamicKey(`signals.direction.${line.direction}`)) : none,
    entry: line.entryTime ?? t('signals.immediate'),
    expiry: line.expiryTime ?? none,
    timeframe: line.timeframeMin ?? none,
    gales: line.gales ?? 0,
  });
}

/** Where in the message a line is: its number, or the whole message. */
export function lineLabel(t: TFunction, line: SignalRead): string {
  return line.line === null ? t('signals.message') : t('signals.line', { line: line.line });
}

/**
 * One bot's outcome in words: "Robô 123: Recusado pelo robô — Robô desligado…". The bot is
 * named only when the account follows the channel with more than one.
 */
export function outcomeText(t: TFunction, outcome: SignalOutcome, named: boolean): string {
  const state = t(dynamicKey(`signalOutcome.states.${outcome.state}`));
  const reason = outcome.reason
    ? t(dynamicKey(outcome.reason.key), { ...outcome.reason.params, defaultValue: '' })
    : '';
  const text = reason ? t('signalOutcome.withReason', { state, reason }) : state;
  return named ? t('signalOutcome.ofBot', { userid: outcome.userid, text }) : text;
}

type Tone = 'done' | 'waiting' | 'refused' | 'read';

/** The line's overall tone: refused when any bot refused it, done when every bot sent it. */
function toneOf(line: SignalRead): Tone {
  if (line.status === 'rejected') return 'refused';
  const states = line.outcomes.map((o) => o.state);
  if (states.length === 0) return 'read';
  if (states.some((s) => ['refused', 'wouldRefuse', 'cancelled', 'missed'].includes(s))) {
    return 'refused';
  }
  return states.every((s) => s === 'sent') ? 'done' : 'waiting';
}

function ToneIcon({ tone, title }: { tone: Tone; title: string }) {
  switch (tone) {
    case 'done':
      return <CheckCircleIcon color="success" fontSize="small" titleAccess={title} />;
    case 'waiting':
      return <ScheduleIcon color="info" fontSize="small" titleAccess={title} />;
    case 'refused':
      return <BlockIcon color="warning" fontSize="small" titleAccess={title} />;
    case 'read':
      return <HelpOutlineIcon color="action" fontSize="small" titleAccess={title} />;
  }
}

interface SignalLinesProps {
  lines: readonly SignalRead[];
  /** Names the list for screen readers. */
  label: string;
  /** Shown instead of an empty list. */
  emptyText: string;
  dense?: boolean;
}

/**
 * Read lines: what the parser read (the signal, or why it is not one) and, for a signal, what
 * the robot did with it for each of the account's bots (pending, sent, refused with its reason,
 * cancelled, missed), so a line is never shown as taken when the robot refused it.
 */
export function SignalLines({ lines, label, emptyText, dense }: SignalLinesProps) {
  const { t } = useTranslation();
  if (lines.length === 0) {
    return (
      <List dense aria-label={label}>
        <ListItem disableGutters>
          <ListItemText secondary={emptyText} />
        </ListItem>
      </List>
    );
  }
  return (
    <List dense={dense} aria-label={label} disablePadding>
      {lines.map((line, index) => {
        const accepted = line.status === 'accepted';
        const read = accepted ? t('signals.accepted') : t('signals.rejected');
        const named = line.outcomes.length > 1;
        const outcomes = line.outcomes.map((o) => outcomeText(t, o, named));
        const tone = toneOf(line);
        return (
          <ListItem key={index} disableGutters divider sx={{ alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
              <ToneIcon tone={tone} title={outcomes.join('; ') || read} />
            </ListItemIcon>
            <ListItemText
              sx={{ overflowWrap: 'anywhere', m: 0 }}
              primary={signalText(t, line)}
              secondary={
                <>
                  {`${lineLabel(t, line)} · ${read}`}
                  {outcomes.map((text, i) => (
                    <Box component="span" key={i} sx={{ display: 'block' }}>
                      {text}
                    </Box>
                  ))}
                </>
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
