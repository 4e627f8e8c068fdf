import { checkCopyRooms } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormShell, TextField } from '../../../components/form/index.ts';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { PATHS } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { copyRooms, type CopyRoomsForm } from '../copy-rooms.ts';

/**
 * Copy rooms (`/copy-salas`), SPEC §2, §4, §5: a trader id (required) whose rooms the bot reads;
 * saving refreshes the session's bot list (trader ids) and returns to the copy signals menu.
 */
export function CopyRoomsPage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return (
    <PageCard title={t('copyRooms.title')} subtitle={t('copyRooms.subtitle')} maxWidth={560}>
      <FormShell<CopyRoomsForm, { traderid: string }, unknown>
        area="copyRooms"
        defaultValues={{ traderid: '' }}
        rule={checkCopyRooms}
        toBody={({ traderid }) => ({ traderid: traderid.trim() })}
        onSubmit={({ traderid }) => copyRooms(userid, traderid)}
        onSuccess={() => {
          void queryClient
            .invalidateQueries({ queryKey: queryKeys.session.all })
            .then(() => navigate(PATHS.copySignals));
        }}
        submitKey="common.save"
      >
        <TextField name="traderid" inputMode="numeric" required />
      </FormShell>
    </PageCard>
  );
}
