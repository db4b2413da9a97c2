import { useFetcher, type SubmitTarget } from 'react-router';
import type { ExternalSave } from '../../../components/form/use-validated-form';
import { JSON_SUBMIT, type ActionFailure } from './route-data';

/**
 * A form's save through its route's action: the values go as JSON; the form shows 'Salvando...' until the action
 * and what follows it (the redirect to the list, or the page's reload) are done, and the `{ error }` it answers.
 */
export function useSaveFetcher<Values extends SubmitTarget>(): ExternalSave<Values> {
  const fetcher = useFetcher<ActionFailure | null>();
  return {
    submit: (values) => void fetcher.submit(values, JSON_SUBMIT),
    pending: fetcher.state !== 'idle',
    failure: fetcher.data?.error ?? null,
  };
}
