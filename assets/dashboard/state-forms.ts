// The state panel's forms (the admin API's state edits, in the selected session): add a worker
// with a chosen status, rename or delete one, and set the LLM provider's fields, its key write-only.
import {
  DESTINATIONS,
  LLM_PROVIDER_SOURCES,
  MOCK_WORKER_STATUSES,
} from '../../src/schemas/choices.js'
import { type Answer, call } from './api.js'
import { h, replace } from './dom.js'
import { sessionLabel, stateSession } from './selection.js'
import type { SessionState, WorkerState } from './types.js'

/** What a form did, for the panel's message line; the panel reads the state again after it. */
export type Done = (answer: Answer<unknown>, what: string) => void

const labelled = (text: string, control: HTMLElement) =>
  h('label', { className: 'field' }, h('span', { text }), control)

const options = (values: readonly string[], first?: [string, string]) => [
  ...(first ? [h('option', { attrs: { value: first[0] }, text: first[1] })] : []),
  ...values.map((value) => h('option', { attrs: { value }, text: value })),
]

export const addWorkerForm = (done: Done) => {
  const name = h('input', {
    attrs: { type: 'text', id: 'add-worker-name', required: '', maxlength: '255' },
  })
  const destination = h(
    'select',
    { attrs: { id: 'add-worker-destination' } },
    ...options(DESTINATIONS),
  )
  const status = h(
    'select',
    { attrs: { id: 'add-worker-status' } },
    ...options(MOCK_WORKER_STATUSES, ['', 'as the lifecycle goes']),
  )
  const form = h(
    'form',
    { className: 'add-worker', attrs: { 'aria-label': 'Add a worker' } },
    labelled('name', name),
    labelled('destination', destination),
    labelled('status', status),
    h('button', { text: 'Add worker', attrs: { type: 'submit' } }),
  )
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const body = {
      name: name.value,
      destination: destination.value,
      ...(status.value ? { status: status.value } : {}),
    }
    void call('/__mock/state/workers', { method: 'POST', session: stateSession(), body }).then(
      (answer) => {
        if (answer.ok) name.value = ''
        done(answer, `Added the worker ${body.name}.`)
      },
    )
  })
  return form
}

/** Rename (an inline form in the worker's cell) and Delete (asks first) for one worker's row. */
export const workerActions = (w: WorkerState, cell: HTMLElement, done: Done) => {
  const { id } = w.worker
  const path = `/__mock/state/workers/${encodeURIComponent(id)}`
  const rename = () => {
    const input = h('input', {
      attrs: {
        type: 'text',
        value: w.worker.name ?? '',
        'aria-label': `New name of ${id}`,
        maxlength: '255',
      },
    })
    const form = h(
      'form',
      { className: 'rename' },
      input,
      h('button', { text: 'Save', attrs: { type: 'submit' } }),
      h('button', {
        text: 'Cancel',
        attrs: { type: 'button' },
        on: { click: () => done({ ok: true, status: 0, body: null }, '') },
      }),
    )
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      void call(path, {
        method: 'PATCH',
        session: stateSession(),
        body: { name: input.value },
      }).then((answer) => done(answer, `Renamed ${id} to ${input.value}.`))
    })
    replace(cell, form)
    input.focus()
    input.select()
  }
  const remove = () => {
    const question = `Delete the worker ${w.worker.name ?? ''} (${id}) from ${sessionLabel(stateSession())}?`
    if (!window.confirm(question)) return
    void call(path, { method: 'DELETE', session: stateSession() }).then((answer) =>
      done(answer, `Deleted ${id}.`),
    )
  }
  return h(
    'span',
    { className: 'worker-actions' },
    h('button', {
      text: 'Rename',
      attrs: { type: 'button', 'aria-label': `Rename ${id}` },
      on: { click: rename },
    }),
    h('button', {
      text: 'Delete',
      attrs: { type: 'button', 'aria-label': `Delete ${id}` },
      on: { click: remove },
    }),
  )
}

type Provider = SessionState['llmProviders'][number]

/** The provider's fields; the key field starts empty (write-only) and an empty one keeps the key. */
export const providerForm = (provider: Provider | undefined, done: Done) => {
  const source = h('select', { attrs: { id: 'provider-source' } }, ...options(LLM_PROVIDER_SOURCES))
  source.value = provider?.source ?? LLM_PROVIDER_SOURCES[0]
  const providerId = h('input', {
    attrs: { type: 'text', id: 'provider-id', value: provider?.providerId ?? '' },
  })
  const models = h('input', {
    attrs: { type: 'text', id: 'provider-models', value: (provider?.modelIds ?? []).join(', ') },
  })
  const config = h('textarea', { attrs: { id: 'provider-config', rows: '3', spellcheck: 'false' } })
  config.value = provider?.customConfigText ?? ''
  const apiKey = h('input', {
    attrs: { type: 'password', id: 'provider-key', autocomplete: 'off', placeholder: 'unchanged' },
  })
  const form = h(
    'form',
    { className: 'provider-form', attrs: { 'aria-label': 'LLM provider' } },
    labelled('source', source),
    labelled('provider id', providerId),
    labelled('model ids (comma-separated)', models),
    labelled('custom config', config),
    labelled('API key (write-only)', apiKey),
    h('button', { text: 'Save provider', attrs: { type: 'submit' } }),
  )
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const modelIds = models.value
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)
    const body = {
      source: source.value,
      ...(providerId.value ? { providerId: providerId.value } : {}),
      ...(modelIds.length > 0 ? { modelIds } : {}),
      ...(config.value ? { customConfigText: config.value } : {}),
      ...(apiKey.value ? { apiKey: apiKey.value } : {}),
    }
    // The key goes in this one request and leaves the page.
    apiKey.value = ''
    void call('/__mock/state/llm-provider', {
      method: 'PATCH',
      session: stateSession(),
      body,
    }).then((answer) => done(answer, 'Saved the provider.'))
  })
  return h(
    'details',
    { className: 'provider-edit' },
    h('summary', { text: 'Edit the provider' }),
    form,
  )
}
