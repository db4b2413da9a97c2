// The id of one request on the Worker, for its X-Request-Id and its error reports (docs/decisions/0041). A stand-in
// kept deliberately small: the request log (issue 36, item 2) owns request ids, and at merge the Worker takes its id
// from there instead.

/** A fresh id for one request. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
