import type { ActivityItem } from '@app/contract';
import {
  Chip,
  Link,
  List,
  ListItem,
  ListItemText,
  Typography,
  type ChipProps,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { dynamicKey } from '../../../i18n/keys.ts';
import { PATHS } from '../../../lib/paths.ts';
import { storage } from '../../../lib/storage.ts';
import { useTradingActivity, useTradingLive } from '../api/trading.ts';
import { useTradingFormat } from '../../../lib/trading-format.ts';
import { messageText } from '../message.ts';
import { SimulatorChip } from '../../../components/results/simulator-chip.tsx';
import { LoadMore, TradingScreen } from './trading-screen.tsx';

const KIND_COLOR: Record<ActivityItem['kind'], ChipProps['color']> = {
  signal: 'info',
  decision: 'warning',
  order: 'primary',
  result: 'secondary',
  session: 'default',
};

/** A line's text; a refusal also names the signal it refused. */
function useActivityText() {
  const { t, i18n } = useTranslation();
  return (item: ActivityItem, kind: string) => {
    const text = messageText(t, i18n.language, item.message, kind);
    const { asset, direction } = item.message.params;
    if (!item.message.key.startsWith('robot.refusal.') || typeof asset !== 'string' || !asset)
      return text;
    return t('trading.activity.refused', {
      asset,
      direction:
        direction === 'CALL' || direction === 'PUT'
          ? t(dynamicKey(`trading.direction.${direction}`))
          : '',
      reason: text,
    });
  };
}

/** A result's chip says which: win green, loss red, draw amber. */
const RESULT_COLOR: Record<string, ChipProps['color']> = {
  'robot.activity.won': 'success',
  'robot.activity.lost': 'error',
  'robot.activity.draw': 'warning',
};

/** A doubt's line opens the tester holding the message, to teach the channel what it meant. */
function teachLink(item: ActivityItem): string | null {
  const { channelId, messageId } = item.message.params;
  const doubt = ['robot.activity.doubt', 'robot.activity.unreadable'].includes(item.message.key);
  if (!doubt || typeof channelId !== 'string') return null;
  const query = new URLSearchParams({ channel: channelId, message: String(messageId ?? '') });
  return `${PATHS.signalTester}?${query.toString()}`;
}

function ActivityLine({ item }: { item: ActivityItem }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const text = useActivityText();
  const kind = t(dynamicKey(`trading.activity.kind.${item.kind}`));
  const teach = teachLink(item);
  return (
    <ListItem divider disableGutters sx={{ alignItems: 'flex-start', gap: 1 }}>
      <Chip
        size="small"
        color={RESULT_COLOR[item.message.key] ?? KIND_COLOR[item.kind]}
        label={kind}
        sx={{ mt: 0.5 }}
      />
      <ListItemText
        sx={{ minWidth: 0, m: 0, overflowWrap: 'anywhere' }}
        primary={text(item, kind)}
        secondary={
          <>
            <time dateTime={new Date(item.at).toISOString()}>{format.dateTime(item.at)}</time>
            {item.simulator && <SimulatorChip />}
            {teach && (
              <>
                {' · '}
                <Link component={RouterLink} to={teach}>
                  {t('trading.activity.teach')}
                </Link>
              </>
            )}
          </>
        }
      />
    </ListItem>
  );
}

/** The activity feed (`/activity`): newest first, pushed live, older pages on demand. */
export function ActivityPage() {
  const { t } = useTranslation();
  const userid = storage.get('userId') ?? '';
  const poll = useTradingLive(userid);
  const query = useTradingActivity(userid, poll);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <TradingScreen
      title={t('trading.activity.title')}
      subtitle={t('trading.activity.subtitle')}
      poll={poll}
      query={query}
    >
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('trading.activity.empty')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('trading.activity.title')}>
          {items.map((item) => (
            <ActivityLine key={item.id} item={item} />
          ))}
        </List>
      )}
      <LoadMore query={query} />
    </TradingScreen>
  );
}
