import {
  CHANNEL_BROKER_OPTIONS,
  CHANNEL_SIGNAL_TYPES,
  CHANNEL_STRATEGIES,
  OPER_TYPES,
  type ChannelSettings,
} from '@app/contract';
import { Button, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SectionCard } from '../../../components/cards/section-card.tsx';
import {
  CheckboxField,
  FormSection,
  FormShell,
  NumberField,
  SelectField,
  TextField,
} from '../../../components/form/index.ts';
import { LatestSignals } from '../../../components/signals/latest-signals.tsx';
import { ChannelCardResults } from '../../../components/results/channel-card-results.tsx';
import { ChannelRecordLine } from '../../../components/results/channel-record-line.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { numberFormat } from '../../../lib/intl-format.ts';
import { useTradingFormat } from '../../../lib/trading-format.ts';
import { unusualStakeAndGale } from '../../../lib/unusual-values.ts';
import { saveGroup } from '../api/channels.ts';
import {
  channelCardRule,
  DECIMAL_COMMA_SIGNAL_TYPE,
  toChannelBody,
  toChannelCardForm,
  type ChannelCardForm,
} from '../channel-card-form.ts';
import { useShellForm } from '../../../components/form/form-area.ts';
import { ChannelVocabulary } from './channel-vocabulary.tsx';

/** How many of the channel's latest signals its card shows. */
const CARD_SIGNALS = 3;

/** SPEC §6: the bot id selector appears only when the bot list has more than 2 entries. */
const BOT_SELECTOR_MIN_BOTS = 3;

interface ChannelCardProps {
  card: ChannelSettings;
  userid: string;
  /** The account's bots (SPEC §3 "botID: chosen from a list of bot entries"). */
  botIds: readonly string[];
  advanced: boolean;
  onSaved: () => void;
  onRemove: (card: ChannelSettings) => void;
}

/** The delay as typed; signal type 6 writes it with a decimal comma, and says so. */
function DelayField() {
  const { t } = useTranslation();
  const signaltype = useWatch({ control: useShellForm().control, name: 'signaltype' }) as
    number | '';
  return (
    <Stack spacing={0.5}>
      <TextField name="delaysig" inputMode="text" />
      {signaltype === DECIMAL_COMMA_SIGNAL_TYPE && (
        <Typography variant="caption" color="text.secondary">
          {t('configureChannels.help.delaysigDecimal')}
        </Typography>
      )}
    </Stack>
  );
}

/** The robot that takes this channel's signals, among the account's bots. */
function BotIdField({ botIds, idPrefix }: { botIds: readonly string[]; idPrefix: string }) {
  const { t } = useTranslation();
  const { control } = useShellForm();
  return (
    <Controller
      name="botID"
      control={control}
      render={({ field }) => (
        <MuiTextField
          {...field}
          select
          fullWidth
          id={`${idPrefix}-botID`}
          label={t('configureChannels.fields.botID')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {!botIds.includes(field.value as string) && <option value={field.value as string} />}
          {botIds.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </MuiTextField>
      )}
    />
  );
}

/**
 * One channel's settings card (SPEC §3 "Channel/group settings", §5, §6): entry, gales and the
 * enable flag for everyone; the reading and timing fields only for the channel's trader (some
 * behind Advanced); a strategy selector for a card of trader id 0; Test and Remove.
 */
export function ChannelCard({
  card,
  userid,
  botIds,
  advanced,
  onSaved,
  onRemove,
}: ChannelCardProps) {
  const { t } = useTranslation();
  const isOwner = userid === card.traderid;
  const idPrefix = `chan-${card.idNum}`;
  const name = card.name ?? card.idNum;
  const values = useMemo(() => toChannelCardForm(card), [card]);
  const format = useTradingFormat();

  return (
    <SectionCard title={name}>
      <ChannelCardResults userid={userid} idNum={card.idNum} />
      <ChannelRecordLine userid={userid} idNum={card.idNum} />
      {!isOwner && (
        <Typography variant="caption" color="text.secondary">
          {t('configureChannels.ownerOnly', { traderid: card.traderid })}
        </Typography>
      )}
      <FormShell<ChannelCardForm, ChannelSettings, unknown>
        area="configureChannels"
        idPrefix={idPrefix}
        defaultValues={values}
        values={values}
        rule={channelCardRule(isOwner)}
        unusual={(body) =>
          unusualStakeAndGale({
            galeFactors: [body.galefat ?? undefined],
            money: format.money,
            number: (value) => numberFormat(format.language).format(value),
          })
        }
        toBody={(values) => toChannelBody(values, card, userid)}
        onSubmit={saveGroup}
        onSuccess={onSaved}
        successKey="configureChannels.saved"
        submitKey="common.save"
        actions={
          <>
            <Button
              variant="text"
              component={RouterLink}
              to={`${PATHS.signalTester}?channel=${encodeURIComponent(card.idNum)}`}
            >
              {t('configureChannels.test')}
            </Button>
            <Button color="error" variant="outlined" onClick={() => onRemove(card)}>
              {t('configureChannels.remove')}
            </Button>
          </>
        }
      >
        <FormSection columns={1}>
          <CheckboxField name="chanEnable" />
          <NumberField name="lote" min={0} />
          <NumberField name="galenum" min={0} step={1} />
          <NumberField name="galefat" min={0} />
          {card.traderid === '0' && (
            <SelectField
              name="strategySel"
              options={CHANNEL_STRATEGIES}
              enumName="channelStrategy"
            />
          )}
          {isOwner && (
            <SelectField
              name="signaltype"
              options={CHANNEL_SIGNAL_TYPES}
              enumName="channelSignalType"
            />
          )}
          {isOwner && <DelayField />}
          {isOwner && (
            <SelectField name="brokerid" options={CHANNEL_BROKER_OPTIONS} enumName="broker" />
          )}
          {isOwner && <SelectField name="operType" options={OPER_TYPES} enumName="operType" />}
          {isOwner && advanced && <TextField name="wordfilter" />}
          {isOwner && advanced && <TextField name="ignore" />}
          {isOwner && advanced && <NumberField name="timeframe" min={0} step={1} />}
          {isOwner && advanced && <NumberField name="timezone" min={-12} max={14} step={0.5} />}
          {isOwner && advanced && <TextField name="tolarance" />}
          {isOwner && advanced && <CheckboxField name="inverter" />}
          {isOwner && advanced && <CheckboxField name="send2Trader" />}
          {isOwner && advanced && botIds.length >= BOT_SELECTOR_MIN_BOTS && (
            <BotIdField botIds={botIds} idPrefix={idPrefix} />
          )}
        </FormSection>
      </FormShell>
      <ChannelVocabulary card={card} userid={userid} />
      <LatestSignals
        userid={userid}
        idNum={card.idNum}
        limit={CARD_SIGNALS}
        title={t('configureChannels.latest')}
        emptyText={t('signals.empty')}
      />
    </SectionCard>
  );
}
