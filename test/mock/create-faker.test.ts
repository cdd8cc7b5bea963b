import type { Faker } from '@faker-js/faker'
import { faker as englishFaker } from '@faker-js/faker/locale/en'
import { describe, expect, it } from 'vitest'
import { createFaker, type MockFaker } from '../../src/mock/internal/create-faker.js'

// The reference: faker with its whole English locale, as the mock used it before the pools.
const FakerClass = englishFaker.constructor as typeof Faker // the locale entry exports no class
const referenceFaker = (seed: number): FakerCalls =>
  new FakerClass({ locale: englishFaker.rawDefinitions, seed })

const REGIONS = { aws: ['us-east-1', 'eu-west-1'], gcp: ['us-central1'], azure: ['eastus'] }
const MODELS = ['a', 'b', 'c']

/** What the factories call: faker's own methods, so faker itself is one too. */
type FakerCalls = Pick<MockFaker, 'company' | 'word' | 'internet' | 'system'> & {
  helpers: Pick<MockFaker['helpers'], 'objectKey' | 'arrayElement' | 'arrayElements' | 'slugify'>
}

/** Every call the factories make, in an order that mixes them. */
const CALLS: ReadonlyArray<(f: FakerCalls) => unknown> = [
  (f) => f.company.name(),
  (f) => f.word.adjective(),
  (f) => f.word.noun(),
  (f) => f.company.catchPhrase(),
  (f) => f.system.semver(),
  (f) => f.internet.username(),
  (f) => f.internet.port(),
  (f) => f.helpers.objectKey(REGIONS),
  (f) => f.helpers.arrayElement(MODELS),
  (f) => f.helpers.arrayElements(MODELS, { min: 1, max: 2 }),
  (f) => f.helpers.arrayElements(['x', 'y'], { min: 1, max: 2 }),
  (f) => f.helpers.arrayElements(MODELS, { min: 3, max: 3 }),
  (f) => f.helpers.slugify(' Ça  va, été 2026! '),
  (f) => f.helpers.slugify("Bench worker_2 v1.0 (prod) #1 o'clock"),
  (f) => f.company.name(),
  (f) => f.internet.username(),
]

const SEEDS = 2_000

describe('createFaker', () => {
  it(`gives faker's English output, call for call, for ${SEEDS} seeds`, () => {
    for (let seed = 0; seed < SEEDS; seed++) {
      const ours = createFaker(seed)
      const theirs = referenceFaker(seed)
      const rounds = 1 + (seed % 4) // later rounds start deeper in the stream
      for (let round = 0; round < rounds; round++) {
        for (const [i, call] of CALLS.entries()) {
          const expected = JSON.stringify(call(theirs))
          const actual = JSON.stringify(call(ours))
          if (actual !== expected) {
            expect.fail(`seed ${seed}, round ${round}, call ${i}: ${actual} !== ${expected}`)
          }
        }
      }
    }
  })

  it('gives faker output for the largest seeds a scenario may name', () => {
    for (const seed of [2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1]) {
      const ours = createFaker(seed)
      const theirs = referenceFaker(seed)
      const actual = CALLS.map((call) => JSON.stringify(call(ours)))
      expect(actual, `seed ${seed}`).toEqual(CALLS.map((call) => JSON.stringify(call(theirs))))
    }
  })

  it('draws from the whole English lists, not a sample of them', () => {
    const adjectives = new Set<string>()
    const faker = createFaker(1)
    for (let i = 0; i < 20_000; i++) adjectives.add(faker.word.adjective())
    expect(adjectives.size).toBe(englishFaker.rawDefinitions.word?.adjective?.length)
  })
})
