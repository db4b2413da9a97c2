import { paths } from '../../lib/paths';

/**
 * The line beside every consent that points to the privacy policy. A plain link, no router: it sits in forms on every
 * reader page (the digest's sign-up is on the story page, whose first load is at its budget), so it costs markup only.
 */
export function PrivacyNoticeLink({ className = 'text-xs text-slate-600' }: { className?: string }) {
  return (
    <p className={className}>
      Saiba como tratamos seus dados na{' '}
      <a href={paths.privacy()} className="font-medium text-brand-800 underline hover:text-brand-900">
        Política de Privacidade
      </a>
      .
    </p>
  );
}
