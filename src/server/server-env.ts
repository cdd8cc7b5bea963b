/** What every server of ours (the mock, the proxy) hands to its shared stages. */
export type ServerEnv = {
  /** On a node server (@hono/node-server), the raw socket (a `reset` fault destroys it) and the raw header pairs (the journal reads them). In-process (`app.request`) there is no env at all. */
  Bindings: {
    incoming?: { socket?: { destroy(): void }; rawHeaders?: readonly string[] }
    /**
     * The request comes from the page that runs the mock (MSW hands it over in the page or in
     * jsdom): no other site can send it, so the origin rule (foreign-page.ts) lets it through.
     */
    fromHostPage?: true
  }
  Variables: {
    /** On `/v1/*`: the headers every answer to the request carries, as a plain record (answer.ts). */
    answerHeaders: Record<string, string> | undefined
  }
}
