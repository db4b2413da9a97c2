import { AccessibilityPage } from './accessibility-page';
import type { ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { accessibilityPage } from './accessibility.page';

export const handle: ReaderRouteHandle = { page: accessibilityPage };

export function Component() {
  return <AccessibilityPage />;
}
