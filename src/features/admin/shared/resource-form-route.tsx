import type { ReactNode } from 'react';
import { redirect, useLoaderData, useNavigate, useParams, type ActionFunctionArgs, type LoaderFunctionArgs, type SubmitTarget } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import type { Client } from '../../../services/client';
import type { ExternalSave } from '../../../components/form/use-validated-form';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from './admin-route-error';
import { PageHeader } from './page-header';
import { formDraftKey, removeFormDraft } from './form-draft';
import { actionFailure, loadScreenData, readJson, recordNotFound } from './route-data';
import { useSaveFetcher } from './use-save-fetcher';
import { formWords } from './resource-words';
import type { AdminResource } from './admin-resource';

/** What a resource's form gets from the generic route. */
export interface ResourceFormProps<Values> {
  initialValues: Values;
  /** The route's action, through a fetcher: see useSaveFetcher. */
  save: ExternalSave<Values>;
  onCancel: () => void;
  /** Where this record's autosaved draft lives (useDraftedForm); the route removes it once the record is saved. */
  draftKey: string;
}

/** What a resource (publications, obituaries, jobs) tells the generic form route besides its name and paths: its form and services. */
export interface ResourceForm<Row, Values extends SubmitTarget, Input, Extra> {
  service: {
    /** The row being edited, or null when there is none. */
    get: (client: Client, id: string) => Promise<Row | null>;
    /** Creates (no id) or updates the row; throws the service's error. */
    save: (client: Client, input: Input, id?: string) => Promise<unknown>;
  };
  /**
   * The form's values from a row, for a new row (from what loadExtra found: a campaign starts from a media-kit
   * request), and as the service's input.
   */
  values: { fromRow: (row: Row) => Values; empty: (extra: Extra | null) => Values; toInput: (values: Values) => Input };
  /**
   * What the form needs besides the row (the topics to choose from), requested at the same time; the page's request
   * says what its address asks for (a new campaign's `?pedido=`).
   */
  loadExtra?: (client: Client, page: { request: Request; id: string | undefined }) => Promise<Extra>;
  /** A failure's own message where the resource words one (the lead story's rules); null for the generic one. */
  saveFailureFor?: (error: unknown) => string | null;
  renderForm: (props: ResourceFormProps<Values>, loaded: { id: string | undefined; extra: Extra | null }) => ReactNode;
}

/**
 * A create/edit route module's exports (`loader`, `action`, `Component`, `ErrorBoundary`) for one resource. The
 * loader requests the row and what the form needs at once; an unknown id is "not found". The action saves and opens
 * the list, which loads afresh; a failed save answers the resource's message, and the form keeps what was typed.
 */
export function resourceFormRoute<Row, Values extends SubmitTarget, Input, Extra = null>(
  resource: AdminResource,
  form: ResourceForm<Row, Values, Input, Extra>,
) {
  // The page's titles ('Nova Vaga', 'Editar Vaga') and messages follow from the noun (resource-words.ts).
  const words = formWords(resource.noun);

  async function loader({ request, params }: LoaderFunctionArgs) {
    await requireAdmin(request);
    const { id } = params;
    const client = browserClient();
    const [row, extra] = await loadScreenData(words.loadFailure, () =>
      Promise.all([id ? form.service.get(client, id) : null, form.loadExtra?.(client, { request, id }) ?? null]),
    );
    // A missing row is an expected answer (a deleted row, a stale link): the error element says so, nothing is logged.
    if (id && !row) throw recordNotFound();
    return { id, values: row ? form.values.fromRow(row) : form.values.empty(extra), extra };
  }

  async function action({ request, params }: ActionFunctionArgs) {
    const values = await readJson<Values>(request);
    try {
      await form.service.save(browserClient(), form.values.toInput(values), params.id);
    } catch (error) {
      console.error(error);
      return actionFailure(form.saveFailureFor?.(error) ?? words.saveFailure);
    }
    // The local draft has served its purpose once the record is stored.
    removeFormDraft(globalThis.localStorage, formDraftKey(resource.draftForm, params.id));
    return redirect(resource.paths.list());
  }

  function Header({ id }: { id: string | undefined }) {
    return <PageHeader title={id ? words.edit : words.create} backTo={resource.paths.list()} />;
  }

  /** Keyed by the row: another row's form starts afresh, with its own save. */
  function FormWithSave({ id, values, extra }: { id: string | undefined; values: Values; extra: Extra | null }) {
    const navigate = useNavigate();
    const save = useSaveFetcher<Values>();
    return form.renderForm(
      { initialValues: values, save, onCancel: () => void navigate(resource.paths.list()), draftKey: formDraftKey(resource.draftForm, id) },
      { id, extra },
    );
  }

  function Component() {
    const { id, values, extra } = useLoaderData<typeof loader>();
    return (
      <>
        <Header id={id} />
        <FormWithSave key={id ?? 'new'} id={id} values={values} extra={extra} />
      </>
    );
  }

  function ErrorBoundary() {
    return <AdminRouteError header={<Header id={useParams().id} />} />;
  }

  return { loader, action, Component, ErrorBoundary };
}
