import type { ReactNode } from 'react';
import { useLocation, useRevalidator } from 'react-router';
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
 * the message and 'Tentar novamente', instead of a blank area or a skeleton that never resolves. The server renders it
 * too (decision 0048), so before the app has started the button asks for the same address again as a plain form;
 * once it has, the page's loaders run again in place.
 */
export function RetryAlert({ children, onRetry }: RetryAlertProps) {
  const revalidator = useRevalidator();
  const location = useLocation();
  const retrying = !onRetry && revalidator.state === 'loading';
  return (
    <div className="space-y-3">
      <ErrorAlert>{children}</ErrorAlert>
      <form
        method="get"
        action={location.pathname}
        onSubmit={(event) => {
          event.preventDefault();
          if (onRetry) onRetry();
          else void revalidator.revalidate();
        }}
      >
        {[...new URLSearchParams(location.search)].map(([name, value], index) => (
          <input key={index} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={secondaryButton} disabled={retrying}>
          {retrying ? 'Carregando...' : 'Tentar novamente'}
        </button>
      </form>
    </div>
  );
}
