import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** Statuses whose answers carry no content (RFC 9110 §15.3.5, §15.3.6, §15.4.5); 1xx neither. */
export const NO_BODY_STATUSES: readonly number[] = [204, 205, 304]

/** A status an answer with a body may have. */
export const isContentful = (status: number): status is ContentfulStatusCode =>
  status >= 200 && status <= 599 && !NO_BODY_STATUSES.includes(status)
