import { paths } from '../../../lib/paths';
import { browserClient } from '../../../services/browser-client';
import { requestPasswordReset } from '../../../services/auth';
import { AuthPage } from './auth-page';
import { ForgotPasswordForm } from './forgot-password-form';

/** docs/decisions/0013: asks for a recovery e-mail whose link leads to the new-password page on this origin. */
export function Component() {
  return (
    <AuthPage title="Recuperar senha">
      <ForgotPasswordForm
        onRequest={(email) =>
          requestPasswordReset(browserClient(), email, new URL(paths.admin.newPassword(), window.location.origin).toString())
        }
      />
    </AuthPage>
  );
}
