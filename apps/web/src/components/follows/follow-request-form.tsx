import { checkCopyRequest, FollowRequestSchema, type FollowRequest } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { FormSection, FormShell, TextField } from '../form/index.ts';

interface RequestForm {
  traderid: string;
  userName: string;
}

interface FollowRequestFormProps {
  userid: string;
  /** `/copyrequest` keeps only letters and digits of the name (SPEC §5); MetaCopy trims it. */
  lettersAndDigitsOnly: boolean;
  send: (body: FollowRequest) => Promise<unknown>;
  /** Where a sent request lands (SPEC §2 "Send requests"). */
  successPath: string;
}

/** The name as it is sent. */
export function cleanName(name: unknown, lettersAndDigitsOnly: boolean): string {
  const text = typeof name === 'string' ? name.trim() : '';
  return lettersAndDigitsOnly ? text.replace(/[^\p{L}\p{N}]/gu, '') : text;
}

/**
 * A failure of the request the server did not name more precisely (unreachable, refused, not
 * built) is SPEC §8's 'Erro ao enviar requisição. Tente novamente.'; a named one keeps its text.
 */
async function sendOrExplain(send: () => Promise<unknown>): Promise<unknown> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && !error.code.startsWith('errors.')) throw error;
    throw new ApiError(
      error instanceof ApiError ? error.status : 0,
      'copyTrader.requestForm.errors.send',
      error instanceof ApiError ? { ...error.fields } : {},
    );
  }
}

/**
 * Ask to follow a trader (both request screens): trader ID and own name, both required
 * ('Preencha Trader ID e Nome'), then on to the product's menu.
 */
export function FollowRequestForm({
  userid,
  lettersAndDigitsOnly,
  send,
  successPath,
}: FollowRequestFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <FormShell<RequestForm, FollowRequest, unknown>
      area="copyTrader.requestForm"
      defaultValues={{ traderid: '', userName: '' }}
      rule={(values) =>
        checkCopyRequest({ ...values, userName: cleanName(values.userName, lettersAndDigitsOnly) })
      }
      toBody={(values) => ({
        userid,
        traderid: values.traderid.trim(),
        userName: cleanName(values.userName, lettersAndDigitsOnly),
      })}
      schema={FollowRequestSchema}
      onSubmit={(body) => sendOrExplain(() => send(body))}
      onSuccess={() => {
        void queryClient
          .invalidateQueries({ queryKey: queryKeys.follows.all })
          .then(() => navigate(successPath));
      }}
      submitKey="copyTrader.requestForm.send"
      savingKey="copyTrader.requestForm.sending"
    >
      <FormSection columns={1}>
        <TextField name="traderid" inputMode="numeric" required />
        <TextField name="userName" required />
      </FormSection>
    </FormShell>
  );
}
