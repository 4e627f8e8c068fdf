import { useTranslation } from 'react-i18next';
import { FollowRequestForm } from '../../../components/follows/follow-request-form.tsx';
import { OwnFollows } from '../../../components/follows/own-follows.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { PATHS } from '../../../lib/paths.ts';
import { requestMeta } from '../api/meta-request.ts';

/**
 * Ask to follow a trader's MetaCopy (`/followermetareq`), SPEC §2 "Send requests", §5: trader ID
 * and name (trimmed); a sent request goes to `/configmetatrader`. Below, the bot's own requests.
 */
export function MetaRequestPage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  return (
    <PageCard title={t('metaCopy.request.title')} maxWidth={560}>
      <FollowRequestForm
        userid={userid}
        lettersAndDigitsOnly={false}
        send={requestMeta}
        successPath={PATHS.metaTrader}
      />
      <OwnFollows userid={userid} product="meta" />
    </PageCard>
  );
}
