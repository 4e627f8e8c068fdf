import type { TradingDashboard } from '@app/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Alert, Link, List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useChannelResults } from '../../../components/results/channel-results-api.ts';
import { botsQuery } from '../../../lib/bots-query.ts';
import { PATHS } from '../../../lib/paths.ts';

const STEPS = ['verify', 'settings', 'channel', 'switchOn'] as const;
type Step = (typeof STEPS)[number];

const STEP_PATH: Record<Step, string> = {
  verify: PATHS.botsManager,
  settings: PATHS.globalParams,
  channel: PATHS.channelsList,
  switchOn: '#dashboard-heading',
};

/**
 * Home's first-run checklist: verify the bot → save the settings → pick a channel → switch on,
 * each step a link to its screen and ticked once done (a verified bot says so plainly). Gone
 * once all four are done.
 */
export function FirstRunChecklist({ data }: { data: TradingDashboard }) {
  const { t } = useTranslation();
  // Home's own read of the list (its first paint waited for it): from the cache, not again.
  const bots = useQuery(botsQuery(data.userid)).data;
  const channels = useChannelResults(data.userid, 'today').data?.channels;
  const verified = bots?.find((b) => b.userid === data.userid)?.verified ?? false;
  const done: Record<Step, boolean> = {
    verify: verified,
    settings: data.configured,
    channel: (channels ?? []).some((c) => c.channelId !== null),
    switchOn: data.running,
  };
  if (STEPS.every((step) => done[step])) return null;
  return (
    <Alert
      severity="info"
      icon={false}
      role="region"
      sx={{ mt: 2 }}
      aria-labelledby="first-run-heading"
    >
      <strong id="first-run-heading">{t('firstRun.title')}</strong>
      <List dense disablePadding aria-labelledby="first-run-heading">
        {STEPS.map((step, index) => (
          <ListItem key={step} disableGutters data-done={done[step]}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {done[step] ? (
                <CheckCircleIcon color="success" fontSize="small" aria-hidden />
              ) : (
                <RadioButtonUncheckedIcon fontSize="small" aria-hidden />
              )}
            </ListItemIcon>
            <ListItemText
              primary={
                done[step] ? (
                  `${index + 1}. ${t(`firstRun.done.${step}`)}`
                ) : (
                  <Link component={RouterLink} to={STEP_PATH[step]}>
                    {`${index + 1}. ${t(`firstRun.todo.${step}`)}`}
                  </Link>
                )
              }
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
