import { defaultReaderParams, type ReaderParams } from '@app/contract';

/** The clock-time fields, `HH:MM` or empty (not set). */
export const TIME_FIELDS = [
  'hourStart',
  'hourEnd',
  'hourStart2',
  'hourEnd2',
  'hourStart3',
  'hourEnd3',
  'hourReset',
  'hourClearScore',
] as const;

/** The form's values: the two numbers may be `''` while their input is empty. */
export type ReaderParamsForm = Omit<ReaderParams, 'timerzone' | 'maxtrades'> & {
  timerzone: number | '';
  maxtrades: number | '';
};

export const EMPTY_READER_PARAMS_FORM: ReaderParamsForm = defaultReaderParams();

/** The wire body: numbers as numbers (an empty one fails the schema), times as typed. */
export function toReaderParamsBody(values: ReaderParamsForm): ReaderParams {
  const times = Object.fromEntries(TIME_FIELDS.map((name) => [name, values[name].trim()]));
  return {
    ...(times as Pick<ReaderParams, (typeof TIME_FIELDS)[number]>),
    timerzone: values.timerzone === '' ? Number.NaN : values.timerzone,
    maxtrades: values.maxtrades === '' ? Number.NaN : values.maxtrades,
  };
}
