/** A 2xx status. */
export const isSuccess = (status: number) => status >= 200 && status < 300
/** A 4xx status. */
export const isClientError = (status: number) => status >= 400 && status < 500
/** A status's class as people say it: `2xx`, `4xx`. */
export const statusClassOf = (status: number) => `${Math.floor(status / 100)}xx`
