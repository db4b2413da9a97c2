import type { ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { secondaryButton } from '../../../components/ui/buttons';

interface RetryAlertProps {
  /** What could not be loaded, in pt-BR ('Não foi possível carregar as vagas.'). */
  children: ReactNode;
  /** Asks again; by default the page's loaders run again (a request that failed is never kept: page-cache.ts). */
  onRetry?: () => void;
}

/**
 * A page or section whose data did not arrive (the backend is down or did not answer within the client's timeout):
 * the message and 'Tentar novamente', instead of a blank area or a skeleton that never resolves.
 */
export function RetryAlert({ children, onRetry }: RetryAlertProps) {
  const revalidator = useRevalidator();
  const retrying = !onRetry && revalidator.state === 'loading';
  return (
    <div className="space-y-3">
      <ErrorAlert>{children}</ErrorAlert>
      <button type="button" className={secondaryButton} disabled={retrying} onClick={onRetry ?? (() => void revalidator.revalidate())}>
        {retrying ? 'Carregando...' : 'Tentar novamente'}
      </button>
    </div>
  );
}
