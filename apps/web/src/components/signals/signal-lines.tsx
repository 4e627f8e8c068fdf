import type { SignalRead } from '@app/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import { List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
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

interface SignalLinesProps {
  lines: readonly SignalRead[];
  /** Names the list for screen readers. */
  label: string;
  /** Shown instead of an empty list. */
  emptyText: string;
  dense?: boolean;
}

/** Read lines, accepted first-class and rejected with their translated reason. */
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
        return (
          <ListItem key={index} disableGutters divider>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {accepted ? (
                <CheckCircleIcon
                  color="success"
                  fontSize="small"
                  titleAccess={t('signals.accepted')}
                />
              ) : (
                <BlockIcon color="warning" fontSize="small" titleAccess={t('signals.rejected')} />
              )}
            </ListItemIcon>
            <ListItemText
              sx={{ overflowWrap: 'anywhere', m: 0 }}
              primary={signalText(t, line)}
              secondary={`${lineLabel(t, line)} · ${accepted ? t('signals.accepted') : t('signals.rejected')}`}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
