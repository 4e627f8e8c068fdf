import { useTranslation } from 'react-i18next';
import { FollowRequestForm } from '../../../components/follows/follow-request-form.tsx';
import { OwnFollows } from '../../../components/follows/own-follows.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { PATHS } from '../../../lib/paths.ts';
import { requestCopy } from '../api/copy-request.ts';

/**
 * Ask to follow a trader's copy trading (`/copyrequest`), SPEC §2 "Send requests", §5: the name
 * keeps letters and digits only; a sent request goes back to `/copytrader`. Below, the bot's own
 * requests and their state.
 */
export function CopyRequestPage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  return (
    <PageCard title={t('copyTrader.request.title')} maxWidth={560}>
      <FollowRequestForm
        userid={userid}
        lettersAndDigitsOnly
        send={requestCopy}
        successPath={PATHS.copyTrader}
      />
      <OwnFollows userid={userid} product="copy" />
    </PageCard>
  );
}
