import { data, type SubmitOptions } from 'react-router';

// What the admin's route loaders and actions share. Screens submit JSON to their route's action through a fetcher;
// an action answers null (done: the router reloads the page's data), a redirect, or `{ error }` for the screen to
// show. A loader that cannot load throws its screen's message as a LoadFailure, which the route's error element
// shows where the data would have been.

/** The one way admin screens submit: the values as JSON, to the route's own action. */
export const JSON_SUBMIT = { method: 'post', encType: 'application/json' } satisfies SubmitOptions;

/** What a failed action answers: the message the screen shows. */
export interface ActionFailure {
  error: string;
}

/** What a done action may answer besides null: a line the screen shows (a lead story that lost its mark). */
export interface ActionNotice {
  notice: string;
}

/**
 * A failed action's answer. The status (any ≥ 400) tells the router nothing changed, so it does not reload the
 * page's data: a failing reload would replace a form, and what was typed with it.
 */
export function actionFailure(message: string) {
  return data<ActionFailure>({ error: message }, { status: 500 });
}

/**
 * The JSON body of an action's request. Its type is the submitting screen's: the route's own fetcher (with
 * JSON_SUBMIT) is the only sender, since the actions run in the browser and no other client can post to them.
 */
export async function readJson<Body>(request: Request): Promise<Body> {
  const body: unknown = await request.json();
  return body as Body;
}

/** A screen's data could not be loaded: carries the message its error element shows (docs/product.md §20). */
export class LoadFailure extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'LoadFailure';
  }
}

/** Runs a loader's requests; a failure goes to the console and is thrown as the screen's own message. */
export async function loadScreenData<T>(failureMessage: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.error(error);
    throw new LoadFailure(failureMessage, { cause: error });
  }
}

/** The 404 a loader throws for an address whose row does not exist; the route's error element says so. */
export function recordNotFound(): Response {
  return new Response('Not Found', { status: 404, statusText: 'Not Found' });
}
