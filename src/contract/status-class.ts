/** A 2xx status. */
export const isSuccess = (status: number) => status >= 200 && status < 300
/** A 4xx status. */
export const isClientError = (status: number) => status >= 400 && status < 500
