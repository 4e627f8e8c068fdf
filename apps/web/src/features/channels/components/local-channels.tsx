import {
  Alert,
  Button,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { QueryState } from '../../../components/notices/query-state.tsx';
import { dynamicKey } from '../../../i18n/keys.ts';
import { errorKey } from '../../../lib/api.ts';
import { PATHS } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { createLocalChannel, useLocalChannels } from '../api/signal-tester.ts';

/**
 * The bot's local channels and a way to create one: a trader on a fresh install has no
 * messaging account, and a local channel is where the tester's messages go.
 */
export function LocalChannels({ userid }: { userid: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useLocalChannels(userid);
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => createLocalChannel({ userid, name }),
    onSuccess: () => {
      setName('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.localChannels.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chatList.all });
    },
  });

  return (
    <section aria-labelledby="local-channels-title">
      <Typography id="local-channels-title" variant="h6" component="h2" sx={{ mt: 4 }}>
        {t('signalTester.localTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('signalTester.localHelp')}
      </Typography>
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        <List dense aria-labelledby="local-channels-title">
          {query.data?.map((channel) => (
            <ListItem key={channel.idNum} disableGutters divider>
              <ListItemText
                primary={channel.name}
                secondary={t('signalTester.messages', { count: channel.messageCount })}
              />
            </ListItem>
          ))}
        </List>
      </QueryState>
      <Stack
        component="form"
        noValidate
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}
        onSubmit={(event) => {
          event.preventDefault();
          if (!create.isPending) create.mutate();
        }}
      >
        <TextField
          id="local-channel-name"
          label={t('signalTester.fields.name')}
          helperText={t('signalTester.help.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          sx={{ flexGrow: 1 }}
        />
        <Button
          type="submit"
          variant="outlined"
          size="large"
          disabled={create.isPending || name.trim() === ''}
        >
          {t('signalTester.create')}
        </Button>
      </Stack>
      {create.isSuccess && (
        <Alert
          severity="success"
          role="status"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" component={RouterLink} to={PATHS.channelsList}>
              {t('signalTester.openList')}
            </Button>
          }
        >
          {t('signalTester.created', { name: create.data.name })}
        </Alert>
      )}
      {create.isError && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => create.reset()}>
          {t(dynamicKey(errorKey(create.error)))}
        </Alert>
      )}
    </section>
  );
}
