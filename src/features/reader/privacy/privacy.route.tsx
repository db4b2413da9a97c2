import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { getSiteSettings } from '../../../services/site-settings';
import { deferredRequest } from '../reader-data';
import { readerSources } from '../reader-sources';
import { PrivacyPage } from './privacy-page';
import type { LoaderHeadData, ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { privacyPage } from './privacy.page';

export function loader({ context }: LoaderFunctionArgs) {
  return { settings: deferredRequest(readerSources(context), (client) => getSiteSettings(client)) };
}

export const handle: ReaderRouteHandle<LoaderHeadData<typeof loader>> = { page: privacyPage };

export function Component() {
  return <PrivacyPage settings={useLoaderData<typeof loader>().settings} />;
}
