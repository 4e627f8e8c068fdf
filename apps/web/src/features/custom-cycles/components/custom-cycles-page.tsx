import { CustomCycleRowsSchema } from '@app/contract';
import {
  Alert,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField as MuiTextField,
} from '@mui/material';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueryForm } from '../../../components/form/query-form.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';

import { saveCustomCycles, useCustomCycles } from '../api/custom-cycles.ts';
import {
  checkCustomCycles,
  duplicateCycles,
  EMPTY_CUSTOM_CYCLES_FORM,
  toCustomCyclesBody,
  toCustomCyclesForm,
  VALUE_COLUMNS,
  type CustomCyclesForm,
} from '../custom-cycles-form.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { useShellForm } from '../../../components/form/form-area.ts';

type Column = 'cycle' | (typeof VALUE_COLUMNS)[number];

/** One editable cell: text (a decimal comma is fine), red while the rule blames it. */
function Cell({ row, column, label }: { row: number; column: Column; label: string }) {
  const { field, fieldState } = useController<CustomCyclesForm>({
    control: useShellForm<CustomCyclesForm>().control,
    name: `rows.${row}.${column}`,
  });
  return (
    <MuiTextField
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error !== undefined}
      size="small"
      hiddenLabel
      slotProps={{
        htmlInput: {
          'aria-label': label,
          inputMode: 'decimal',
          style: { textAlign: 'right' },
        },
      }}
      sx={{ width: column === 'cycle' ? 56 : 84 }}
    />
  );
}

function DuplicatesNotice() {
  const { t } = useTranslation();
  const rows = useWatch<CustomCyclesForm, 'rows'>({
    control: useShellForm<CustomCyclesForm>().control,
    name: 'rows',
  });
  const duplicates = duplicateCycles({ rows });
  if (duplicates.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }}>
      {t('customCycles.duplicates', { cycles: duplicates.join(', ') })}
    </Alert>
  );
}

/**
 * Custom cycles (`/config-customcycles`, SPEC §2, §3, §4): 10 cycles × entry and MG1–MG7 as
 * editable cells; the table scrolls sideways inside its own box on phones.
 */
export function CustomCyclesPage() {
  const { t } = useTranslation();
  const { userid: userId } = useCurrentBot();
  const query = useCustomCycles(userId);
  const headers: Record<Column, string> = {
    cycle: t('customCycles.columns.cycle'),
    entrada: t('customCycles.columns.entrada'),
    ...(Object.fromEntries(
      VALUE_COLUMNS.slice(1).map((column, index) => [
        column,
        t('customCycles.columns.mg', { level: index + 1 }),
      ]),
    ) as Record<Exclude<Column, 'cycle' | 'entrada'>, string>),
  };
  const columns: Column[] = ['cycle', ...VALUE_COLUMNS];

  return (
    <PageCard title={t('customCycles.title')} subtitle={t('customCycles.subtitle')} maxWidth={1100}>
      <QueryForm
        area="customCycles"
        query={query}
        toValues={toCustomCyclesForm}
        defaultValues={EMPTY_CUSTOM_CYCLES_FORM}
        rule={checkCustomCycles}
        toBody={toCustomCyclesBody}
        schema={CustomCycleRowsSchema}
        onSubmit={(rows) => saveCustomCycles(userId, rows)}
        successKey="common.saved"
        submitKey="common.save"
        savingKey="customCycles.saving"
      >
        <TableContainer
          sx={{ overflowX: 'auto' }}
          tabIndex={0}
          aria-label={t('customCycles.table')}
        >
          <Table
            size="small"
            aria-label={t('customCycles.table')}
            sx={{ '& td, & th': { px: 0.5 } }}
          >
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column} align={column === 'cycle' ? 'left' : 'right'}>
                    {headers[column]}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {EMPTY_CUSTOM_CYCLES_FORM.rows.map((_, row) => (
                <TableRow key={row}>
                  {columns.map((column) => (
                    <TableCell key={column}>
                      <Cell
                        row={row}
                        column={column}
                        label={t('customCycles.cellLabel', {
                          row: row + 1,
                          column: headers[column],
                        })}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <DuplicatesNotice />
      </QueryForm>
    </PageCard>
  );
}
